import { http } from '../../../lib/http';
import type { Command } from './command';
import type { CommandPayload } from './create-command';

// PUT /commands/{id} (SPEC §7).

export const updateCommand = (id: number, body: CommandPayload) =>
  http.put<{ command: Command }>(`/commands/${id}`, { ...body }).then((answer) => answer.command);
