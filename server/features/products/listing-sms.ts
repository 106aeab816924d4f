import type { Executor } from '../../db/types';
import { hit } from '../../limits/rate-limits';
import { listingExpiringSms, listingsExpiringSms } from '../../messaging/texts';
import {
  DEFAULT_LANGUAGE,
  LISTING_NOTICE_DAYS,
  LISTING_SMS_LIMIT,
  type Language,
} from '../../../shared/constants';
import { productName } from '../../../shared/domain/products';
import * as repo from './lifecycle.repository';

// The SMS side of `listing_expiring` (issue 32 item 1, docs/lifecycle.md): only to those who
// turned `sms_alerts` on in their account, on a verified number. Collected while the notices are
// written, handed to the outbox once their transaction has committed (a rolled-back notice sends
// nothing), one SMS per person per run, at most LISTING_SMS_LIMIT a day.

/** Where the texts go: the outbox's background send (app.dispatch), and the site's address. */
export interface ListingSms {
  publicUrl: string;
  send(to: string, text: string): void;
}

interface Listing {
  id: number;
  type: 'offer' | 'demand';
  name: string;
  name_ar: string | null;
  name_fr: string | null;
}

interface Pending {
  phone: string;
  language: Language;
  listings: Listing[];
}

/** A name short enough for one SMS. */
const NAME_MAX = 40;
const short = (name: string) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name);

/** "My offers", tab expiring, of demands when every one is a demand. */
function myExpiring(listings: Listing[], publicUrl: string) {
  const type = listings.every((l) => l.type === 'demand') ? 'demand' : 'offer';
  return new URL(`/account/products?type=${type}&status=expiring`, publicUrl).toString();
}

export class ExpirySmsQueue {
  private readonly pending = new Map<number, Pending>();
  private readonly committed = new Map<number, Pending>();

  /** Adds the listing for those of `userIds` who get SMS alerts (read in the notice's transaction). */
  async add(trx: Executor, userIds: (number | null)[], listing: Listing) {
    const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
    for (const user of await repo.smsAlertRecipients(trx, ids)) {
      const entry = this.pending.get(user.id) ?? {
        phone: user.phone_1,
        language: user.language ?? DEFAULT_LANGUAGE,
        listings: [],
      };
      entry.listings.push(listing);
      this.pending.set(user.id, entry);
    }
  }

  /** The batch's transaction committed: what it queued will be sent. */
  commit() {
    for (const [id, entry] of this.pending) {
      const kept = this.committed.get(id);
      if (kept) kept.listings.push(...entry.listings);
      else this.committed.set(id, entry);
    }
    this.pending.clear();
  }

  /** The batch's transaction failed: nothing of it goes. */
  rollback() {
    this.pending.clear();
  }

  /** Hands one text per person to the outbox, within each person's daily limit; how many went. */
  async send(db: Executor, sms: ListingSms, at: number): Promise<number> {
    let sent = 0;
    for (const [userId, { phone, language, listings }] of this.committed) {
      const allowed = await hit(db, {
        scope: 'listing_sms',
        key: String(userId),
        ...LISTING_SMS_LIMIT,
        at: Math.floor(at / 1000),
      });
      if (!allowed.allowed) continue;
      const [first] = listings;
      const text =
        listings.length === 1
          ? listingExpiringSms(
              language,
              first.type,
              short(productName(first, language)),
              LISTING_NOTICE_DAYS,
              new URL(`/products/product/${first.id}`, sms.publicUrl).toString(),
            )
          : listingsExpiringSms(
              language,
              listings.length,
              LISTING_NOTICE_DAYS,
              myExpiring(listings, sms.publicUrl),
            );
      sms.send(phone, text);
      sent += 1;
    }
    this.committed.clear();
    return sent;
  }
}
