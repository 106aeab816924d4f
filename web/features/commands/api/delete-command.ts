import { http } from '../../../lib/http';

// DELETE /commands/{id} (SPEC §7).

export const deleteCommand = (id: number) => http.delete<void>(`/commands/${id}`);
