import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type { Pcategory, Pfield, Psubcategory } from '../../../../shared/schemas/catalog';
import { catalogKeys, fetchPfields, fetchPsubcategories } from '../../../lib/catalog';
import { http } from '../../../lib/http';

// SPEC §7 Categories, Subcategories, Fields (docs/catalog.md). The keys are the shared ones
// (web/lib/catalog.ts), so the admin's changes reach every feature's cached catalogue.

/** Form values go to the server as typed (strings); the server applies SPEC §9's defaults. */
export type FormBody = Record<string, unknown>;

// --- Categories ---------------------------------------------------------------------------

export function usePcategoryPage(page: number) {
  return useQuery({
    queryKey: catalogKeys.pcategoryPage(page),
    queryFn: ({ signal }) =>
      http
        .post<{ pcategories: Pagination<Pcategory> }>('/pcategories/paginate', { page }, { signal })
        .then((answer) => answer.pcategories),
    placeholderData: (previous) => previous,
  });
}

const invalidateCategories = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: catalogKeys.pcategories });

export function useCreatePcategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) =>
      http
        .post<{ pcategory: Pcategory }>('/pcategories/create', body)
        .then((answer) => answer.pcategory),
    onSuccess: () => invalidateCategories(client),
  });
}

export function useUpdatePcategory(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) =>
      http.put<{ pcategory: Pcategory }>(`/pcategories/${id}`, body).then((a) => a.pcategory),
    onSuccess: () => invalidateCategories(client),
  });
}

export function useDeletePcategory(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/pcategories/${id}`),
    onSuccess: async () => {
      // Its subcategories (and their fields) went with it.
      client.removeQueries({ queryKey: catalogKeys.psubcategories(id) });
      await invalidateCategories(client);
    },
  });
}

// --- Subcategories ------------------------------------------------------------------------

export function usePsubcategories(pcategoryId: number, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.psubcategories(pcategoryId),
    queryFn: ({ signal }) => fetchPsubcategories(pcategoryId, signal),
    enabled,
  });
}

export function useCreatePsubcategory(pcategoryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) =>
      http
        .post<{ psubcategory: Psubcategory }>(`/psubcategories/create/${pcategoryId}`, body)
        .then((answer) => answer.psubcategory),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: catalogKeys.psubcategories(pcategoryId) }),
  });
}

export function useUpdatePsubcategory(subcategory: Pick<Psubcategory, 'id' | 'pcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) =>
      http
        .put<{ psubcategory: Psubcategory }>(`/psubcategories/${subcategory.id}`, body)
        .then((answer) => answer.psubcategory),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: catalogKeys.psubcategories(subcategory.pcategory_id),
      }),
  });
}

export function useDeletePsubcategory(subcategory: Pick<Psubcategory, 'id' | 'pcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/psubcategories/${subcategory.id}`),
    onSuccess: async () => {
      client.removeQueries({ queryKey: catalogKeys.pfields(subcategory.id) });
      await client.invalidateQueries({
        queryKey: catalogKeys.psubcategories(subcategory.pcategory_id),
      });
    },
  });
}

// --- Fields -------------------------------------------------------------------------------

export function usePfields(psubcategoryId: number, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.pfields(psubcategoryId),
    queryFn: ({ signal }) => fetchPfields(psubcategoryId, signal),
    enabled,
  });
}

export function useCreatePfield(psubcategoryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) =>
      http
        .post<{ pfield: Pfield }>(`/pfields/create/${psubcategoryId}`, body)
        .then((answer) => answer.pfield),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.pfields(psubcategoryId) }),
  });
}

export function useUpdatePfield(field: Pick<Pfield, 'id' | 'psubcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) =>
      http.put<{ pfield: Pfield }>(`/pfields/${field.id}`, body).then((answer) => answer.pfield),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: catalogKeys.pfields(field.psubcategory_id) }),
  });
}

export function useDeletePfield(field: Pick<Pfield, 'id' | 'psubcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/pfields/${field.id}`),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: catalogKeys.pfields(field.psubcategory_id) }),
  });
}
