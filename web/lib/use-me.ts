import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SelfUser } from '../../shared/schemas/users';
import { http } from './http';

// DESIGN §4: GET /users/me answers the signed-in user with their shops, or null (never 401).

export type Me = SelfUser;
/** The signed-in user's query keys (one: every feature reads and refreshes the same entry). */
export const meKeys = { all: ['me'] as const };

export const fetchMe = () => http.get<{ user: Me | null }>('/users/me').then((body) => body.user);

export const meQuery = queryOptions({
  queryKey: meKeys.all,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
});

/** The signed-in user: undefined while loading, null when anonymous. */
export function useMe() {
  return useQuery(meQuery);
}

/** Another person is now using the page: what was cached for the previous one goes. */
export function switchUser(queryClient: QueryClient, user: Me | null) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKeys.all[0] });
  queryClient.setQueryData(meKeys.all, user);
}
