import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole } from '../../../../shared/domain/employees';
import type { ShopInvitation } from '../../../../shared/schemas/shops';
import { http } from '../../../lib/http';
import { shopKeys } from './keys';

// A shop's pending staff invitations: GET and POST /shops/{id}/employees, DELETE
// /shops/{id}/invitations/{invitationId} (docs/shops-users.md).

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
