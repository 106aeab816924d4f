import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '../../../../shared/schemas/users';
import { http, HttpError } from '../../../lib/http';
import { userKeys } from './keys';

// GET /users/user/{id}: a public profile (DESIGN §4) with the shops the user owns.

export const fetchUser = (id: number, signal?: AbortSignal) =>
  http.get<{ user: PublicProfile }>(`/users/user/${id}`, { signal }).then((answer) => answer.user);

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });

export function useUser(id: number) {
  return useQuery(userQuery(id));
}
