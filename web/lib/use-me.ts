import { useQuery } from '@tanstack/react-query';
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
