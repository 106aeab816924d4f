import { HttpError } from '../lib/http';
import type { ServerState } from '../entry-server';

/** The server's page data (a JSON script beside #root), errors revived as HttpErrors. */
export function serverState(): ServerState | null {
  const script = document.getElementById('souq-state');
  if (!script?.textContent) return null;
  const parsed = JSON.parse(script.textContent) as ServerState;
  for (const query of parsed.queries.queries) {
    const error = query.state.error as { status: number; errors: HttpError['errors'] } | null;
    if (error) query.state.error = new HttpError(error.status, error.errors);
  }
  return parsed;
}
