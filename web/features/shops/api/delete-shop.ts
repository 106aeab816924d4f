import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { shopKeys } from './keys';
import { refreshMe } from './refresh-me';

// DELETE /shops/{id} (DESIGN §4).

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
