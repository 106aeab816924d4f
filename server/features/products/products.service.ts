import type { Insertable, Updateable } from 'kysely';
import type { DB, Executor, ProductRow, ProductsTable } from '../../db/types';
import { now } from '../../db/connect';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import type { Media } from '../../media/media';
import type { AuthUser } from '../../plugins/session';
import { notifyAddedProduct } from '../notifications/notify';
import { can } from '../../../shared/domain/permissions';
import { recordAudit } from '../admin/audit.service';
import { LISTING_DAYS_DEFAULT, MAX_FILES_PER_PRODUCT } from '../../../shared/constants';
import { DAY_MS } from '../../../shared/domain/listing';
import {
  offerTypesOf,
  type CreateProductBody,
  type Product,
  type ProductType,
  type UpdateProductBody,
} from '../../../shared/schemas/products';
import * as repo from './products.repository';
import { checkPfieldValues, type PfieldInput } from './pfield-values';
import { allowedOfferTypes, belowSold, rentsOut } from '../../../shared/domain/products';
import { searchColumnsOf } from '../search/search-index';
import { holdContactFromNewAccount } from '../moderation/reports.service';
import { checkPhotos } from '../moderation/photos.service';
import * as announcements from '../moderation/announcements.repository';
import { photoHashes } from '../../media/photo-hash';
import { detail } from './product-reads.service';

// Offers and demands: who may (DESIGN §6 via `can`), what counts (the subcategory's flags),
// and writes that leave nothing half done (rows in one transaction, files taken back on failure).

export interface Deps {
  db: DB;
  media: Media;
  /** LISTING_DAYS (issue 32): a new product is live this long; LISTING_DAYS_DEFAULT when not given. */
  listingDays?: number;
  /** Saved-search alerts (issue 18): told of each new product once it is committed. */
  searchAlerts?: {
    enqueue(trx: Executor, id: number): Promise<void>;
    productCreated(id: number): void;
  };
}

/** The free text of an offer or demand, where phone numbers and links are looked for (issue 19). */
const TEXT_FIELDS = [
  'name',
  'name_ar',
  'name_fr',
  'description',
  'more_infos_ar',
  'more_infos_fr',
] as const;
type TextValues = Partial<Record<(typeof TEXT_FIELDS)[number], string | null>>;
const textsOf = (v: TextValues) => TEXT_FIELDS.map((field) => v[field]);

/** At most this many people are told of one new offer or demand. */
const yes = (flag: string) => flag === 'yes';

/** The values that count, given the subcategory's flags (issue 5: only where it allows). */
function applyFlags(
  type: ProductType,
  sub: repo.SubcategoryRow,
  v: Partial<CreateProductBody>,
  current?: ProductRow,
) {
  const defaultOfferType = type === 'offer' ? 'sale' : 'buy';
  let offerType = v.offer_type ?? current?.offer_type ?? defaultOfferType;
  if (!(allowedOfferTypes(type, sub) as readonly string[]).includes(offerType)) {
    offerType = defaultOfferType;
  }
  const priced = yes(sub.can_be_priced);
  return {
    price: priced ? (v.price !== undefined ? v.price : (current?.price ?? null)) : null,
    negotiable: priced ? (v.negotiable ?? current?.negotiable ?? 'no') : 'no',
    offer_type: offerType,
    used: yes(sub.can_be_used) ? (v.used ?? current?.used ?? 'no') : 'no',
    delivery: yes(sub.can_be_delivered) ? (v.delivery ?? current?.delivery ?? 'no') : 'no',
    // Not countable: one item, and an edit leaves the number alone.
    number: yes(sub.can_be_counted) ? (v.number ?? current?.number ?? 1) : (current?.number ?? 1),
    distance:
      type === 'demand'
        ? v.distance !== undefined
          ? v.distance
          : (current?.distance ?? null)
        : null,
  };
}

async function subcategoryOrError(db: Executor, id: number) {
  const sub = await repo.findSubcategory(db, id);
  if (!sub) throw invalid('psubcategory_id');
  return sub;
}

function throwIfErrors(errors: Record<string, string[]>) {
  if (Object.keys(errors).length) throw new HttpError(422, errors);
}

function checkOfferType(type: ProductType, offerType: string | undefined) {
  if (offerType !== undefined && !offerTypesOf(type).includes(offerType as never)) {
    throw invalid('offer_type');
  }
}

export async function create(
  { db, media, searchAlerts, listingDays = LISTING_DAYS_DEFAULT }: Deps,
  viewer: AuthUser,
  type: ProductType,
  body: CreateProductBody,
  pfieldInputs: Map<number, PfieldInput>,
  uploads: Buffer[],
): Promise<Product> {
  const shopId = body.shop_id ?? (await repo.personalShopId(db, viewer.id));
  if (body.shop_id !== undefined && !(await repo.shopExists(db, body.shop_id))) {
    throw invalid('shop_id');
  }
  if (!shopId) throw forbidden();
  if (!can.createProduct(viewer, await repo.shopRoleOf(db, shopId, viewer.id))) throw forbidden();

  const sub = await subcategoryOrError(db, body.psubcategory_id);
  checkOfferType(type, body.offer_type);
  const checked = checkPfieldValues(await repo.pfieldsOf(db, sub.id), pfieldInputs);
  throwIfErrors(checked.errors);
  if (uploads.length > MAX_FILES_PER_PRODUCT) throw invalid('files', 'too_many_files');
  const prepared = await media.prepare(uploads, 'files');
  const hashes = await photoHashes(prepared);

  const at = now();
  const row: Insertable<ProductsTable> = {
    type,
    shop_id: shopId,
    user_id: viewer.id,
    psubcategory_id: sub.id,
    name: body.name,
    name_ar: body.name_ar ?? null,
    name_fr: body.name_fr ?? null,
    more_infos_ar: body.more_infos_ar ?? null,
    more_infos_fr: body.more_infos_fr ?? null,
    description: body.description ?? null,
    private: body.private ?? 'no',
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    contact_methods: JSON.stringify(body.contact_methods ?? ['call', 'whatsapp']),
    ...(await searchColumnsOf(db, body, sub.id)),
    created_at: at,
    updated_at: at,
    expires_at: new Date(Date.parse(at) + listingDays * DAY_MS).toISOString(),
    ...applyFlags(type, sub, body),
  };
  const { id, held } = await media.commit(prepared, (files) =>
    db.transaction().execute(async (trx) => {
      const product = await repo.insertProduct(trx, row);
      await repo.insertFiles(trx, product.id, files);
      await repo.setPfieldValues(trx, product.id, checked.values);
      await checkPhotos(trx, product, viewer.id, hashes);
      // Scam signal (docs/trust.md): a new account's number or link holds it for review, and
      // nobody is told of an offer they cannot see.
      const held = await holdContactFromNewAccount(
        trx,
        'product',
        product.id,
        viewer.id,
        ...textsOf(row),
      );
      if (held) await announcements.owe(trx, 'product', product.id);
      else {
        await notifyAddedProduct(trx, product);
        // Queued with the offer itself; matched after the answer (issue 29 item 3).
        await searchAlerts?.enqueue(trx, product.id);
      }
      return { id: product.id, held };
    }),
  );
  // After the commit, off the request's path: matching saved searches is queued work.
  if (!held) searchAlerts?.productCreated(id);
  return (await detail(db, id, viewer))!;
}

/** A held new offer or demand, released by a moderator: told as at its creation (issue 33). */
export async function announceProductById(trx: Executor, id: number): Promise<void> {
  const product = await repo.findProduct(trx, id);
  if (product) await notifyAddedProduct(trx, product);
}

export async function update(
  { db, media }: Deps,
  viewer: AuthUser,
  id: number,
  body: UpdateProductBody,
  pfieldInputs: Map<number, PfieldInput>,
  uploads: Buffer[],
): Promise<Product> {
  const product = await repo.findProduct(db, id);
  if (!product) throw notFound();
  if (!can.editProduct(viewer, await repo.shopRoleOf(db, product.shop_id, viewer.id))) {
    throw forbidden();
  }
  const type = product.type;
  const subChanged =
    body.psubcategory_id !== undefined && body.psubcategory_id !== product.psubcategory_id;
  const sub = await subcategoryOrError(db, body.psubcategory_id ?? product.psubcategory_id);
  checkOfferType(type, body.offer_type);
  const checked = checkPfieldValues(await repo.pfieldsOf(db, sub.id), pfieldInputs);
  throwIfErrors(checked.errors);

  const existing = await repo.filesOf(db, id);
  const removed = [...new Set(body.removed_files ?? [])];
  const known = new Set(existing.map((f) => f.id));
  if (removed.some((fileId) => !known.has(fileId))) throw invalid('removed_files');
  if (existing.length - removed.length + uploads.length > MAX_FILES_PER_PRODUCT) {
    throw invalid('files', 'too_many_files');
  }
  const flags = applyFlags(type, sub, body, product);
  // Issue 32 item 7: a rent offer's sold_count counts rents that end; its number is free to change.
  const rent = rentsOut({ type, offer_type: flags.offer_type });
  if (!rent && belowSold(flags.number, product.sold_count)) {
    throw invalid('number', 'number_already_sold');
  }
  const prepared = await media.prepare(uploads, 'files');
  const hashes = await photoHashes(prepared);

  const merged = {
    name: body.name ?? product.name,
    name_ar: body.name_ar !== undefined ? body.name_ar : product.name_ar,
    name_fr: body.name_fr !== undefined ? body.name_fr : product.name_fr,
    more_infos_ar: body.more_infos_ar !== undefined ? body.more_infos_ar : product.more_infos_ar,
    more_infos_fr: body.more_infos_fr !== undefined ? body.more_infos_fr : product.more_infos_fr,
  };
  const changes: Updateable<ProductsTable> = {
    ...merged,
    psubcategory_id: sub.id,
    ...(await searchColumnsOf(db, merged, sub.id)),
    ...flags,
  };
  if (body.description !== undefined) changes.description = body.description;
  if (body.private !== undefined) changes.private = body.private;
  if (body.latitude !== undefined) changes.latitude = body.latitude;
  if (body.longitude !== undefined) changes.longitude = body.longitude;
  if (body.contact_methods !== undefined)
    changes.contact_methods = JSON.stringify(body.contact_methods);
  if (changes.number === product.number) delete changes.number;

  const removedNames = existing.filter((f) => removed.includes(f.id)).map((f) => f.name);
  await media.commit(prepared, (files) =>
    db.transaction().execute(async (trx) => {
      // sold_count may have grown since it was read: the update itself re-checks it.
      if (!(await repo.updateProduct(trx, id, changes, !rent))) {
        const still = await repo.findProduct(trx, id);
        if (!still) throw notFound();
        throw invalid('number', 'number_already_sold');
      }
      await repo.deleteFiles(trx, id, removed);
      const last = existing.reduce((max, f) => Math.max(max, f.position), -1);
      await repo.insertFiles(trx, id, files, last + 1);
      // Two edits adding files at once must not pass the limit together.
      if ((await repo.countFiles(trx, id)) > MAX_FILES_PER_PRODUCT) {
        throw invalid('files', 'too_many_files');
      }
      if (subChanged) await repo.deletePfieldsOutside(trx, id, sub.id);
      await repo.setPfieldValues(trx, id, checked.values);
      await checkPhotos(trx, product, viewer.id, hashes);
      // Scam signal: only the text this edit changes is looked at, so that an offer a moderator
      // restored is not held again by an edit of its price.
      const edited = TEXT_FIELDS.filter(
        (field) => changes[field] !== undefined && changes[field] !== product[field],
      );
      await holdContactFromNewAccount(
        trx,
        'product',
        id,
        viewer.id,
        ...edited.map((field) => changes[field] as string | null),
      );
    }),
  );
  await media.removeFiles(removedNames);
  return (await detail(db, id, viewer))!;
}

export async function remove({ db, media }: Deps, viewer: AuthUser, id: number): Promise<void> {
  const product = await repo.findProduct(db, id);
  if (!product) throw notFound();
  const role = await repo.shopRoleOf(db, product.shop_id, viewer.id);
  if (!can.deleteProduct(viewer, role)) throw forbidden();
  const names = await db.transaction().execute(async (trx) => {
    // Locked first, so that files an edit is adding right now are either committed and seen
    // here, or never added.
    if (!(await repo.lockProduct(trx, id))) throw notFound();
    const files = await repo.filesOf(trx, id);
    await repo.deleteProduct(trx, id);
    // Site staff deleting an offer of a shop they are not in (issue 34 item 4).
    if (!role) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'product.delete',
        targetType: 'product',
        targetId: id,
        before: { name: product.name, shop_id: product.shop_id, user_id: product.user_id },
      });
    }
    return files.map((f) => f.name);
  });
  // Only once the rows are gone for good.
  await media.removeFiles(names);
}
