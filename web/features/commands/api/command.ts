import { useQueryClient } from '@tanstack/react-query';
import type { Command } from '../../../../shared/schemas/commands';
import { commandKeys } from './keys';

// The cache of single commands (GET /commands/command/{id} is the comments feature's
// `useThreadCommand`): the item in a list and on its own page show the same state (sold, edited,
// replies).

export type { Command };

/** Puts one command in the cache as it is (just written, sold or edited). */
export function useSetCachedCommand() {
  const queryClient = useQueryClient();
  return (command: Command) => queryClient.setQueryData(commandKeys.item(command.id), command);
}

/** Changes one cached command (a reply written or deleted under it). */
export function useUpdateCachedCommand() {
  const queryClient = useQueryClient();
  return (id: number, change: (command: Command) => Command) =>
    queryClient.setQueryData<Command>(commandKeys.item(id), (old) => (old ? change(old) : old));
}
