import { useQuery } from '@tanstack/react-query';
import type { Command } from '../../../../shared/schemas/commands';
import { http } from '../../../lib/http';

// What a single comment or command page needs around its item besides the product (the shared
// product cache, web/components/product-query.ts): for a comment in a command's thread, that
// command (SPEC §6: who may reply to it).

/** The commands feature caches its items under the same key. */
export const commandKey = (id: number) => ['commands', 'item', id] as const;

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
