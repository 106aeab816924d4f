import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shop } from '../../../../shared/schemas/shops';
import { http } from '../../../lib/http';
import { shopKeys } from './keys';
import { refreshMe } from './refresh-me';

// POST /shops/create and PUT /shops/{id} (DESIGN §4): multipart (fields, logo, cover).

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
