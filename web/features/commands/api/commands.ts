import { COMMANDS_PAGE_SIZE } from '../../../../shared/constants';
import type { Command } from '../../../../shared/schemas/commands';
import { http } from '../../../lib/http';

// SPEC §7 commands calls. Single commands are cached under commandKey (comments feature), so the
// item in a list and on its own page show the same state (sold, edited, replies).

export type { Command };

export interface CommandsPage {
  commands: Command[];
  total: number;
}

export interface CommandPayload {
  price: number | null;
  number: number;
  period: number | null;
  private: 'yes' | 'no';
  text: string | null;
}

export function fetchCommands(
  productId: number,
  offset: number,
  limit: number = COMMANDS_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return http.post<CommandsPage>(`/commands/product/${productId}`, { limit, offset }, { signal });
}

export const createCommand = (productId: number, body: CommandPayload) =>
  http
    .post<{ command: Command }>(`/commands/create/product/${productId}`, { ...body })
    .then((answer) => answer.command);

export const updateCommand = (id: number, body: CommandPayload) =>
  http.put<{ command: Command }>(`/commands/${id}`, { ...body }).then((answer) => answer.command);

export const deleteCommand = (id: number) => http.delete<void>(`/commands/${id}`);

/** Accepting is marking sold (DESIGN §6): one GET, XSRF-checked like a POST. */
export const markCommandSold = (id: number) =>
  http.get<{ command: Command }>(`/commands/sold/${id}`).then((answer) => answer.command);
