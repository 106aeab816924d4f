import type { Insertable, Updateable } from 'kysely';
import type { DB, Executor, ProductRow, ProductsTable } from '../../db/types';
import { now } from '../../db/connect';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import type { Media } from '../../media/media';
import type { AuthUser } from '../../plugins/session';
import { notifyAddedProduct } from '../notifications/notify';
import { can } from '../../../shared/domain/permissions';
import { recordAudit } from '../admin/audit.service';
import {
  LIST_PAGE_SIZE,
  LISTING_DAYS_DEFAULT,
  MAX_FILES_PER_PRODUCT,
} from '../../../shared/constants';
import { DAY_MS } from '../../../shared/domain/listing';
import { toPagination } from '../../../shared/schemas/common';
import {
  offerTypesOf,
  type CreateProductBody,
  type Product,
  type ProductType,
  type UpdateProductBody,
  type ViewerState,
} from '../../../shared/schemas/products';
import * as repo from './products.repository';
import * as cards from './cards.repository';
import { NO_VIEWER, toProduct, toProductCard, viewerStateOf } from './products.mapper';
import { checkPfieldValues, type PfieldInput } from './pfield-values';
import { allowedOfferTypes, belowSold, rentsOut } from '../../../shared/domain/products';
import { searchColumnsOf } from '../search/search-index';
import { cachedProduct, type CachedProduct } from './product-cache';
import {
  canSeeTarget,
  holdContactFromNewAccount,
  moderationStateOf,
} from '../moderation/reports.service';
import { findTarget } from '../moderation/reports.repository';
import { seesShopNumbers, withoutShopNumbers } from '../insights/numbers';
import { shopContact } from '../insights/insights.repository';
import { checkPhotos } from '../moderation/photos.service';
import * as announcements from '../moderation/announcements.repository';
import * as rentals from '../rentals/rentals.service';
import { photoHashes } from '../../media/photo-hash';

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
const SIMILAR_LIMIT = 10;

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

async function viewerState(
  db: Executor,
  viewer: AuthUser | null,
  id: number,
): Promise<ViewerState> {
  if (!viewer) return NO_VIEWER;
  return viewerStateOf(await cards.viewerMarks(db, viewer.id, [id]), id);
}

/** GET /products/product/{id}: null when there is no such product. */
export async function detail(
  db: Executor,
  id: number,
  viewer: AuthUser | null,
): Promise<Product | null> {
  const product = await repo.findProduct(db, id);
  if (!product) return null;
  const [shop, employees, subcategory, files, pfields, viewerMarks] = await Promise.all([
    repo.shopOf(db, product.shop_id),
    repo.employeesOf(db, product.shop_id),
    repo.findSubcategory(db, product.psubcategory_id),
    repo.filesOf(db, id),
    repo.pfieldValuesOf(db, id),
    viewerState(db, viewer, id),
  ]);
  const moderation = await moderationStateOf(db, 'product', id, product.moderation_status);
  const rent = await rentals.availabilityFields(db, { ...subcategory!, ...product });
  return {
    ...toProduct({
      product,
      shop,
      employees,
      subcategory: subcategory!,
      files,
      pfields,
      viewer: viewerMarks,
    }),
    moderation,
    ...rent,
  };
}

/**
 * The product page's read: the product as anyone sees it comes from a short in-process cache
 * (product-cache.ts); only a signed-in viewer's own marks are read each time. `ready` is the whole
 * answer, ready to send, when the viewer is not signed in.
 */
export async function publicDetail(
  db: DB,
  id: number,
  viewer: AuthUser | null,
): Promise<{ product: Product; ready: CachedProduct | null } | null> {
  // Issue 29 item 2: what is cached (and sent as is to visitors) carries no numbers.
  const cached = await cachedProduct(db, id, async () => {
    const product = await detail(db, id, null);
    return product && { ...product, shop: withoutShopNumbers(product.shop) };
  });
  if (!cached) return null;
  // Issue 32 item 7: a rent ending frees its units with no write: a rent offer's are read now.
  const current = await rentals.currentAvailability(db, cached.product);
  // Issue 19: an offer held, hidden or of a banned author is 404 but to its author and staff.
  if (cached.product.moderation) {
    const target = await findTarget(db, 'product', id);
    if (!target || !(await canSeeTarget(db, target, viewer))) return null;
  }
  if (!viewer) return { product: current, ready: current === cached.product ? cached : null };
  const [marks, numbers] = await Promise.all([
    viewerState(db, viewer, id),
    staffNumbers(db, viewer, cached.product.shop_id),
  ]);
  const product = { ...current, ...marks };
  return {
    product: numbers ? { ...product, shop: { ...product.shop, ...numbers } } : product,
    ready: null,
  };
}

/** The shop's numbers for its staff and site staff, who see them in the answer (else null). */
async function staffNumbers(db: Executor, viewer: AuthUser, shopId: number) {
  if (!(await seesShopNumbers(db, viewer, shopId))) return null;
  const row = await shopContact(db, shopId);
  if (!row) return null;
  const { phone_1, phone_2, first_whatsapp_number, second_whatsapp_number } = row;
  return { phone_1, phone_2, first_whatsapp_number, second_whatsapp_number };
}

async function cardsFor(db: Executor, viewer: AuthUser | null, rows: cards.CardRow[]) {
  const [marks, rent] = await Promise.all([
    viewer && rows.length
      ? cards.viewerMarks(
          db,
          viewer.id,
          rows.map((r) => r.id),
        )
      : null,
    rentals.availabilityOfCards(db, rows),
  ]);
  return rows.map((row) => ({
    ...toProductCard(row, viewerStateOf(marks, row.id)),
    ...rent.get(row.id),
  }));
}

export async function similar(db: Executor, id: number, viewer: AuthUser | null) {
  const product = await repo.findProduct(db, id);
  if (!product) throw notFound();
  return cardsFor(db, viewer, await cards.similarCards(db, product, SIMILAR_LIMIT));
}

export async function favorites(db: Executor, viewer: AuthUser, type: ProductType, page: number) {
  const { total, rows } = await cards.favoriteCards(db, viewer.id, type, page, LIST_PAGE_SIZE);
  return toPagination(await cardsFor(db, viewer, rows), total, page, LIST_PAGE_SIZE);
}
