import { useQuery } from '@tanstack/react-query';
import type { Pcategory, Pfield, Psubcategory } from '../../../shared/schemas/catalog';
import type { Product, ProductType } from '../../../shared/schemas/products';
import { http } from '../../lib/http';

// The catalogue the form picks from (SPEC §7) and the create/edit calls (DESIGN §4).

const hour = 60 * 60_000;

export function usePcategories() {
  return useQuery({
    queryKey: ['catalog', 'pcategories'],
    queryFn: ({ signal }) =>
      http
        .get<{ pcategories: Pcategory[] }>('/pcategories/all', { signal })
        .then((b) => b.pcategories),
    staleTime: hour,
  });
}

export function usePsubcategories(pcategoryId: number | null) {
  return useQuery({
    queryKey: ['catalog', 'psubcategories', pcategoryId],
    queryFn: ({ signal }) =>
      http
        .get<{ psubcategories: Psubcategory[] }>(`/psubcategories/pcategory/${pcategoryId}`, {
          signal,
        })
        .then((b) => b.psubcategories),
    enabled: pcategoryId !== null,
    staleTime: hour,
  });
}

export function usePfields(psubcategoryId: number | null) {
  return useQuery({
    queryKey: ['catalog', 'pfields', psubcategoryId],
    queryFn: ({ signal }) =>
      http
        .get<{ pfields: Pfield[] }>(`/pfields/psubcategory/${psubcategoryId}`, { signal })
        .then((b) => b.pfields),
    enabled: psubcategoryId !== null,
    staleTime: hour,
  });
}

type Progress = (fraction: number) => void;

export const createProduct = (type: ProductType, form: FormData, onUploadProgress: Progress) =>
  http
    .post<{ product: Product }>(`/products/create/${type}`, form, { onUploadProgress })
    .then((b) => b.product);

export const updateProduct = (id: number, form: FormData, onUploadProgress: Progress) =>
  http
    .put<{ product: Product }>(`/products/${id}`, form, { onUploadProgress })
    .then((b) => b.product);
