import { useQuery } from '@tanstack/react-query';
import type { Command } from '../../../../shared/schemas/commands';
import type { Product } from '../../../../shared/schemas/products';
import { http } from '../../../lib/http';

// What a single comment or command page needs around its item: the product it hangs under (its
// shop decides who may reply or accept; its header links back to it) and, for a comment in a
// command's thread, that command (SPEC §6: who may reply to it).

/** Shared with the products feature's page: one cache entry per product. */
export const productKey = (id: number) => ['products', 'product', id] as const;
/** The commands feature caches its items under the same key. */
export const commandKey = (id: number) => ['commands', 'item', id] as const;

export function useProduct(id: number | null | undefined) {
  return useQuery({
    queryKey: productKey(id ?? 0),
    queryFn: () => http.get<{ product: Product }>(`/products/product/${id}`).then((b) => b.product),
    enabled: !!id,
  });
}

export const fetchCommand = (id: number) =>
  http.get<{ command: Command }>(`/commands/command/${id}`).then((body) => body.command);

export function useThreadCommand(id: number | null | undefined, initial?: Command) {
  return useQuery({
    queryKey: commandKey(id ?? 0),
    queryFn: () => fetchCommand(id!),
    enabled: !!id,
    initialData: initial,
    staleTime: Infinity,
  });
}

/** The product's name in the page's language, else the other's, else the name as typed. */
export function productName(
  product: Pick<Product, 'name' | 'name_ar' | 'name_fr'>,
  language: string,
): string {
  const own = language === 'ar' ? product.name_ar : product.name_fr;
  const other = language === 'ar' ? product.name_fr : product.name_ar;
  return own || product.name || other || '';
}
