import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pcategory, Pfield, Psubcategory } from '../../shared/schemas/catalog';
import { http } from './http';

// The catalogue reads of SPEC §7, one home for every feature (search, products, shops, admin).
// Every key starts with 'catalog', so the admin's changes, which invalidate under that prefix,
// reach every cached copy.

export const catalogKeys = {
  /** Everything of the catalogue. */
  all: ['catalog'] as const,
  pcategoryPage: (page: number) => ['catalog', 'pcategories', 'page', page] as const,
  /** Every list of categories, paginated or not. */
  pcategories: ['catalog', 'pcategories'] as const,
  psubcategories: (pcategoryId: number | null) =>
    ['catalog', 'psubcategories', pcategoryId] as const,
  pfields: (psubcategoryId: number | null) => ['catalog', 'pfields', psubcategoryId] as const,
};

/** The catalogue changes rarely: outside the admin it stays cached for the visit. */
const CATALOG_STALE_MS = 10 * 60_000;

export const fetchPcategories = (signal?: AbortSignal) =>
  http
    .get<{ pcategories: Pcategory[] }>('/pcategories/all', { signal })
    .then((answer) => answer.pcategories);

export const fetchPsubcategories = (pcategoryId: number, signal?: AbortSignal) =>
  http
    .get<{ psubcategories: Psubcategory[] }>(`/psubcategories/pcategory/${pcategoryId}`, {
      signal,
    })
    .then((answer) => answer.psubcategories);

export const fetchPfields = (psubcategoryId: number, signal?: AbortSignal) =>
  http
    .get<{ pfields: Pfield[] }>(`/pfields/psubcategory/${psubcategoryId}`, { signal })
    .then((answer) => answer.pfields);

export const pcategoriesQuery = queryOptions({
  queryKey: catalogKeys.pcategories,
  queryFn: ({ signal }) => fetchPcategories(signal),
  staleTime: CATALOG_STALE_MS,
});

export const psubcategoriesQuery = (pcategoryId: number) =>
  queryOptions({
    queryKey: catalogKeys.psubcategories(pcategoryId),
    queryFn: ({ signal }) => fetchPsubcategories(pcategoryId, signal),
    staleTime: CATALOG_STALE_MS,
  });

export function usePcategories() {
  return useQuery(pcategoriesQuery);
}

/** A category's subcategories; nothing is asked until there is a category (and `enabled`). */
export function usePsubcategories(pcategoryId: number | null, enabled = true) {
  return useQuery({
    ...psubcategoriesQuery(pcategoryId ?? 0),
    queryKey: catalogKeys.psubcategories(pcategoryId),
    enabled: enabled && pcategoryId !== null,
  });
}

export const pfieldsQuery = (psubcategoryId: number) =>
  queryOptions({
    queryKey: catalogKeys.pfields(psubcategoryId),
    queryFn: ({ signal }) => fetchPfields(psubcategoryId, signal),
    staleTime: CATALOG_STALE_MS,
  });

/** A subcategory's fields; nothing is asked until there is a subcategory. */
export function usePfields(psubcategoryId: number | null) {
  return useQuery({
    ...pfieldsQuery(psubcategoryId ?? 0),
    queryKey: catalogKeys.pfields(psubcategoryId),
    enabled: psubcategoryId !== null,
  });
}
