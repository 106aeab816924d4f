import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SelfUser } from '../../shared/schemas/users';
import { http } from './http';

// DESIGN §4: GET /users/me answers the signed-in user with their shops, or null (never 401).

export type Me = SelfUser;
export const meQueryKey = ['me'] as const;

export const fetchMe = () => http.get<{ user: Me | null }>('/users/me').then((body) => body.user);

/** The signed-in user: undefined while loading, null when anonymous. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60_000 });
}

/** Another person is now using the page: what was cached for the previous one goes. */
export function switchUser(queryClient: QueryClient, user: Me | null) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, user);
}
