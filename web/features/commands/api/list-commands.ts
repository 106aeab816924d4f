import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { COMMANDS_PAGE_SIZE } from '../../../../shared/constants';
import { http } from '../../../lib/http';
import type { Command } from './command';
import { commandKeys } from './keys';

// POST /commands/product/{id} { limit, offset } (SPEC §7): a page of a product's commands. The
// tab grows by 'show more' (the comments feature's show-more machinery); each command loaded goes
// into the single-command cache unless a fresher copy is there.

export interface CommandsPage {
  commands: Command[];
  total: number;
}

export function fetchCommands(
  productId: number,
  offset: number,
  limit: number = COMMANDS_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return http.post<CommandsPage>(`/commands/product/${productId}`, { limit, offset }, { signal });
}

/** The page loader of the 'show more' list: one page, its commands seeded into the cache. */
export function useCommandsPageLoader(productId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (offset: number, signal: AbortSignal) => {
      const page = await fetchCommands(productId, offset, COMMANDS_PAGE_SIZE, signal);
      for (const command of page.commands) {
        if (!queryClient.getQueryData(commandKeys.item(command.id))) {
          queryClient.setQueryData(commandKeys.item(command.id), command);
        }
      }
      return { items: page.commands, total: page.total };
    },
    [productId, queryClient],
  );
}
