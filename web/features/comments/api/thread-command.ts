import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Command } from '../../../../shared/schemas/commands';
import { http } from '../../../lib/http';
import { commandKeys } from './keys';

// What a single comment or command page needs around its item besides the product (the shared
// product cache, web/features/products/api/product.ts): for a comment in a command's thread, that
// command (SPEC §6: who may reply to it).

export const fetchCommand = (id: number) =>
  http.get<{ command: Command }>(`/commands/command/${id}`).then((body) => body.command);

export const threadCommandQuery = (id: number, initial?: Command) =>
  queryOptions({
    queryKey: commandKeys.item(id),
    queryFn: () => fetchCommand(id),
    initialData: initial,
    staleTime: Infinity,
  });

export function useThreadCommand(id: number | null | undefined, initial?: Command) {
  return useQuery({ ...threadCommandQuery(id ?? 0, initial), enabled: !!id });
}
