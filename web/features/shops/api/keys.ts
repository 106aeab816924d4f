import type { ProductType } from '../../../../shared/schemas/products';

// The shops feature's query keys (docs/web.md, "Data layer"). Everything of one shop sits under
// its `detail` key, so removing that key drops its lists too.

export const shopKeys = {
  detail: (id: number) => ['shop', id] as const,
  products: (id: number, type: ProductType, page: number) =>
    ['shop', id, 'products', type, page] as const,
  /** Its pending staff invitations (managers only). */
  invitations: (id: number) => ['shop', id, 'invitations'] as const,
  /** Its buyers' ratings, a page at a time (issue 32 item 5). */
  ratings: (id: number, page: number) => ['shop', id, 'ratings', page] as const,
  /** Its insights over `days` days (staff only): apart, so that refreshing the shop keeps them. */
  insights: (id: number, days: number) => ['shop-insights', id, days] as const,
};
