import type { DB } from '../../db/types';
import { HttpError, notFound } from '../../errors';
import { imageUrl, mediaUrls } from '../../media/media';
import { loginKey } from '../../../shared/domain/login';
import type { Viewer } from '../../../shared/domain/permissions';
import { assertNotThrottled, clearFailures, recordFailure } from './login-throttle';
import { verifyPassword } from './password';
import * as repo from './own-data.repository';
import { findUserById } from './users.repository';
import { deleteUser } from './users.service';
import type { WriteDeps } from '../shops/image-fields';

// A person's own data (issue 34 item 5; docs/accounts.md "Your data"): everything the site holds
// about them as one JSON file, and leaving with their password.

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * GET /users/me/export. Links are the site's own (`publicUrl` + the media path), as the pages
 * show them; what hangs under other people (their comments on the user's offers, the staff of the
 * user's shops, who saved or reported the user's offers) is theirs and left out.
 */
export async function exportOwnData(db: DB, userId: number, publicUrl: string) {
  const origin = publicUrl.replace(/\/+$/, '');
  const link = (path: string | null) => (path ? `${origin}${path}` : null);
  const account = await repo.account(db, userId);
  if (!account) throw notFound();
  const shops = await repo.memberships(db, userId);
  const owned = shops.filter((s) => s.role === 'owner').map((s) => s.id);
  const products = await repo.products(db, userId, owned);
  const ids = products.map((p) => p.id);
  const [files, fields, comments, commands, reactions, saves, searches, notes, reports, ratings] =
    await Promise.all([
      repo.productFiles(db, ids),
      repo.productFields(db, ids),
      repo.comments(db, userId),
      repo.commands(db, userId),
      repo.reactions(db, userId),
      repo.saves(db, userId),
      repo.savedSearches(db, userId),
      repo.notifications(db, userId),
      repo.reports(db, userId),
      repo.ratings(db, userId, owned),
    ]);
  const { photo, cover, ...profile } = account;
  return {
    format: 'souq-export-1',
    exported_at: new Date().toISOString(),
    account: {
      ...profile,
      sms_alerts: !!profile.sms_alerts,
      photo_url: link(imageUrl(photo, 'original')),
      cover_url: link(imageUrl(cover, 'original')),
    },
    shops: shops.map(({ logo, cover: shopCover, ...shop }) => ({
      ...shop,
      is_professional: !!shop.is_professional,
      logo_url: link(imageUrl(logo, 'original')),
      cover_url: link(imageUrl(shopCover, 'original')),
    })),
    products: products.map((p) => ({
      ...p,
      contact_methods: json(p.contact_methods),
      files: files
        .filter((f) => f.product_id === p.id)
        .map((f) => ({ type: f.type, url: link(mediaUrls(f.name, f.type, f.extension).url) })),
      fields: fields
        .filter((f) => f.product_id === p.id)
        .map(({ pfield_id, value, sub_value }) => ({ pfield_id, value, sub_value })),
    })),
    comments,
    commands: commands.map((c) => ({ ...c, sold: !!c.sold })),
    reactions,
    saves,
    saved_searches: searches.map((s) => ({ ...s, query: json(s.query) })),
    notifications: notes.map((n) => ({ ...n, data: json(n.data) })),
    reports,
    ratings,
  };
}

/**
 * DELETE /users/me: the password first, counted like a sign-in (a wrong one is a failure under the
 * account's phone and the address, toward the same lockout: 429 once it is reached), then the
 * deletion every account deletion goes through (DESIGN §5, users.service `deleteUser`).
 */
export async function deleteOwnAccount(
  deps: WriteDeps,
  viewer: Viewer,
  password: string,
  address: string,
): Promise<void> {
  const user = await findUserById(deps.db, viewer.id);
  if (!user) throw notFound();
  const keys = { account: loginKey({ phone: user.phone_1 }), address };
  await assertNotThrottled(deps.db, keys);
  if (!(await verifyPassword(password, user.password_hash))) {
    await recordFailure(deps.db, keys);
    throw new HttpError(422, { password: ['wrong_password'] });
  }
  await clearFailures(deps.db, keys);
  await deleteUser(deps, viewer, viewer.id);
}
