import { useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchProduct } from './product';

// SPEC §4: GET /products/favorite/add/{id} and …/remove/{id}; the answer patches the cached
// product.

export interface SaveState {
  saved: boolean;
  saved_count: number;
}

export const setFavorite = (productId: number, add: boolean) =>
  http.get<SaveState>(`/products/favorite/${add ? 'add' : 'remove'}/${productId}`);

export function useSetFavorite() {
  const queryClient = useQueryClient();
  return async (productId: number, add: boolean) => {
    const answer = await setFavorite(productId, add);
    patchProduct(queryClient, productId, answer);
    return answer;
  };
}
