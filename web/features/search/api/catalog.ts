import { useQuery } from '@tanstack/react-query';
import type { Pcategory, Pfield, Psubcategory } from '../../../../shared/schemas/catalog';
import { http } from '../../../lib/http';

// The catalogue reads (SPEC §7): it changes rarely, so it stays cached for the visit.

const CATALOG_STALE_MS = 10 * 60_000;

export const fetchCategories = () =>
  http.get<{ pcategories: Pcategory[] }>('/pcategories/all').then((a) => a.pcategories);

export const fetchSubcategories = (pcategoryId: number) =>
  http
    .get<{ psubcategories: Psubcategory[] }>(`/psubcategories/pcategory/${pcategoryId}`)
    .then((a) => a.psubcategories);

export const fetchFields = (psubcategoryId: number) =>
  http.get<{ pfields: Pfield[] }>(`/pfields/psubcategory/${psubcategoryId}`).then((a) => a.pfields);

export function useCategories() {
  return useQuery({
    queryKey: ['pcategories'],
    queryFn: fetchCategories,
    staleTime: CATALOG_STALE_MS,
  });
}

/** A category's subcategories; nothing is asked until there is a category (and `enabled`). */
export function useSubcategories(pcategoryId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['psubcategories', pcategoryId],
    queryFn: () => fetchSubcategories(pcategoryId!),
    enabled: enabled && pcategoryId !== null,
    staleTime: CATALOG_STALE_MS,
  });
}

export function useFields(psubcategoryId: number | null) {
  return useQuery({
    queryKey: ['pfields', psubcategoryId],
    queryFn: () => fetchFields(psubcategoryId!),
    enabled: psubcategoryId !== null,
    staleTime: CATALOG_STALE_MS,
  });
}
