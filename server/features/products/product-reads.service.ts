import type { DB, Executor } from '../../db/types';
import { notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { toPagination } from '../../../shared/schemas/common';
import type { Product, ProductType, ViewerState } from '../../../shared/schemas/products';
import * as repo from './products.repository';
import * as cards from './cards.repository';
import { NO_VIEWER, toProduct, toProductCard, viewerStateOf } from './products.mapper';
import { cachedProduct, cachedRentHolds, peekProduct, type CachedProduct } from './product-cache';
import { rentsOut } from '../../../shared/domain/products';
import { holdsOf as rentalHolds } from '../rentals/rentals.repository';
import { canSeeTarget, moderationStateOf } from '../moderation/reports.service';
import { findTarget } from '../moderation/holds.repository';
import { seesShopNumbers, withoutShopNumbers } from '../insights/numbers';
import { shopContact } from '../insights/insights.repository';
import * as rentals from '../rentals/rentals.service';

// Reading offers and demands: one with what its viewer may see (the cached answer for visitors),
// similar ones, a user's saves. The writes: products.service.ts.

const SIMILAR_LIMIT = 10;

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
 * The answer `publicDetail` gives a visitor who is not signed in, when it is kept and sent as is
 * (`ready` there), known without a promise: the product read, neither rented out (its
 * availability is worked out on each read) nor under moderation (404 to most). Undefined when
 * `publicDetail` must decide.
 */
export function keptForVisitors(db: DB, id: number): CachedProduct | undefined {
  const cached = peekProduct(db, id);
  if (!cached || cached.product.moderation || rentsOut(cached.product)) return undefined;
  return cached;
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
  // Its holds kept as the product is (product-cache.ts): no read per request.
  const current = await rentals.currentAvailability(db, cached.product, (at) =>
    cachedRentHolds(db, id, () => rentalHolds(db, [id], at)),
  );
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
