import { http } from '../../../lib/http';
import type { Command } from './command';

// GET /commands/sold/{id}: accepting is marking sold (DESIGN §6); one GET, XSRF-checked like a
// POST.

export const markCommandSold = (id: number) =>
  http.get<{ command: Command }>(`/commands/sold/${id}`).then((answer) => answer.command);
