import { http } from '../../../lib/http';
import type { Command } from './command';

// POST /commands/create/product/{id} (SPEC §7); PUT /commands/{id} takes the same body.

export interface CommandPayload {
  price: number | null;
  number: number;
  period: number | null;
  private: 'yes' | 'no';
  text: string | null;
}

export const createCommand = (productId: number, body: CommandPayload) =>
  http
    .post<{ command: Command }>(`/commands/create/product/${productId}`, { ...body })
    .then((answer) => answer.command);
