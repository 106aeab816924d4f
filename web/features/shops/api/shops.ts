import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProductType } from '../../../../shared/schemas/products';
import type { SearchAnswer } from '../../../../shared/schemas/search';
import type { AssignableRole } from '../../../../shared/domain/employees';
import type { Shop, ShopEmployee, ShopInvitation } from '../../../../shared/schemas/shops';
import { http, HttpError } from '../../../lib/http';
import { meKeys } from '../../../lib/use-me';
import { shopKeys } from './keys';

// DESIGN §4: a shop, its create/edit/delete, its staff; SPEC §7: its offers and demands through
// POST /products/shop/{id}/search; the category list of the form (GET /pcategories/all).

export type { AssignableRole };

export function useShop(id: number) {
  return useQuery({
    queryKey: shopKeys.detail(id),
    queryFn: ({ signal }) =>
      http.get<{ shop: Shop }>(`/shops/shop/${id}`, { signal }).then((answer) => answer.shop),
    enabled: Number.isSafeInteger(id) && id > 0,
    // An unknown shop is an answer, not a failure to try again.
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function useShopProducts(id: number, type: ProductType, page: number, enabled = true) {
  return useQuery({
    queryKey: shopKeys.products(id, type, page),
    queryFn: ({ signal }) =>
      http
        .post<SearchAnswer>(`/products/shop/${id}/search`, { type, page }, { signal })
        .then((answer) => answer.products),
    enabled,
    // While the next page loads, the current one stays (same shop and list only).
    placeholderData: (previous, query) =>
      query?.queryKey[1] === id && query?.queryKey[3] === type ? previous : undefined,
  });
}

/** The signed-in user's list of shops (header menu, 'my shops') follows every change. */
function refreshMe(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: meKeys.all });
}

interface SaveShop {
  form: FormData;
  onUploadProgress?: (fraction: number) => void;
}

export function useCreateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onUploadProgress }: SaveShop) =>
      http
        .post<{ shop: Shop }>('/shops/create', form, { onUploadProgress })
        .then((answer) => answer.shop),
    onSuccess: (shop) => {
      queryClient.setQueryData(shopKeys.detail(shop.id), shop);
      return refreshMe(queryClient);
    },
  });
}

export function useUpdateShop(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onUploadProgress }: SaveShop) =>
      http
        .put<{ shop: Shop }>(`/shops/${id}`, form, { onUploadProgress })
        .then((answer) => answer.shop),
    onSuccess: (shop) => {
      queryClient.setQueryData(shopKeys.detail(id), shop);
      return refreshMe(queryClient);
    },
  });
}

export function useDeleteShop(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/shops/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: shopKeys.detail(id) });
      return refreshMe(queryClient);
    },
  });
}

// ---- Staff ----------------------------------------------------------------------------------

/** After any change of staff: the shop's list again, and the viewer's own shops (leaving). */
function useStaffChange(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shopKeys.detail(id), exact: true }),
      refreshMe(queryClient),
    ]);
}

/** The shop's pending invitations: only its managers get any (GET /shops/{id}/employees). */
export function usePendingInvitations(shopId: number, enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.invitations(shopId),
    queryFn: ({ signal }) =>
      http
        .get<{ invitations: ShopInvitation[] }>(`/shops/${shopId}/employees`, { signal })
        .then((answer) => answer.invitations),
    enabled,
  });
}

/** Invites by phone or e-mail (issue 14 item 5): the answer is the invitation, never a person. */
export function useAddEmployee(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { login: string; role: AssignableRole }) =>
      http
        .post<{ employee: ShopInvitation }>(`/shops/${shopId}/employees`, body)
        .then((answer) => answer.employee),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.invitations(shopId) }),
  });
}

export function useWithdrawInvitation(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      http.delete(`/shops/${shopId}/invitations/${invitationId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.invitations(shopId) }),
  });
}

export function useChangeRole(shopId: number) {
  const changed = useStaffChange(shopId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: AssignableRole }) =>
      http
        .put<{ employee: ShopEmployee }>(`/shops/${shopId}/employees/${userId}`, { role })
        .then((answer) => answer.employee),
    onSuccess: changed,
  });
}

export function useRemoveEmployee(shopId: number) {
  const changed = useStaffChange(shopId);
  return useMutation({
    mutationFn: (userId: number) => http.delete(`/shops/${shopId}/employees/${userId}`),
    onSuccess: changed,
  });
}
