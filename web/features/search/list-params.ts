import { PRODUCT_TYPES } from '../../../shared/constants';
import type { ProductType } from '../../../shared/schemas/products';

// The lists other than the search (market, saved, category views) keep their type and page in
// the URL too: `?type=demand&page=2`, defaults left out.

export interface ListParams {
  type: ProductType;
  page: number;
}

export function readListParams(params: URLSearchParams): ListParams {
  const type = PRODUCT_TYPES.find((t) => t === params.get('type')) ?? 'offer';
  const page = Number(params.get('page'));
  return { type, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

/** `path?type=…&page=…` with the defaults left out. */
export function listHref(path: string, { type, page }: ListParams): string {
  const params = new URLSearchParams();
  if (type !== 'offer') params.set('type', type);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
