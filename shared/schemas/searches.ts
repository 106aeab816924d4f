import { z } from './common';
import { searchBody } from './search';
import { SAVED_SEARCH_NAME_MAX } from '../constants';

// Saved searches (DESIGN §4, issue 18 item 2): POST /searches { name, query } → 201 `search`,
// GET /searches → `searches`, DELETE /searches/{id} → 204; POST /searches/{id}/seen → `search`
// (ours, docs/searches.md: opening a saved search resets its count of new matches).

export const saveSearchBody = z.object({
  name: z.string().trim().min(1).max(SAVED_SEARCH_NAME_MAX),
  /** A search body of SPEC §7, required (an empty one saves "everything"); page is not kept. */
  query: z
    .unknown()
    .refine((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'required')
    .pipe(searchBody),
});
export type SaveSearchBody = z.infer<typeof saveSearchBody>;

/** The saved body as the search page sends it: SPEC §7's fields and `pfield_{id}` entries. */
export const savedQuery = z.record(z.string(), z.unknown());
export type SavedQuery = z.infer<typeof savedQuery>;

export const savedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  query: savedQuery,
  /** Offers (or demands) that matched since the owner last opened the search. */
  new_count: z.number().int(),
  last_seen_at: z.string(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchResponse = z.object({ search: savedSearch });
export const savedSearchesResponse = z.object({ searches: z.array(savedSearch) });
