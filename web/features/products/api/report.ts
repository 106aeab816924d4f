import { useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchProduct } from './product';

// SPEC §4: GET /products/report/add/{id} and …/remove/{id}; the answer patches the cached
// product.

export interface ReportState {
  reported: boolean;
  reports_count: number;
}

export const setReport = (productId: number, add: boolean) =>
  http.get<ReportState>(`/products/report/${add ? 'add' : 'remove'}/${productId}`);

export function useSetReport() {
  const queryClient = useQueryClient();
  return async (productId: number, add: boolean) => {
    const answer = await setReport(productId, add);
    patchProduct(queryClient, productId, answer);
    return answer;
  };
}
