import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole } from '../../../../shared/domain/employees';
import type { ShopEmployee } from '../../../../shared/schemas/shops';
import { http } from '../../../lib/http';
import { shopKeys } from './keys';
import { refreshMe } from './refresh-me';

// A shop's staff: PUT and DELETE /shops/{id}/employees/{userId} (DESIGN §4).

export type { AssignableRole };

/** After any change of staff: the shop's list again, and the viewer's own shops (leaving). */
function useStaffChange(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shopKeys.detail(id), exact: true }),
      refreshMe(queryClient),
    ]);
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
