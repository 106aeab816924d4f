import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyInvitation } from '../../../../shared/schemas/shops';
import { http } from '../../../lib/http';
import { userKeys } from './keys';

// GET /shops/invitations: the signed-in user's pending staff invitations (docs/shops-users.md).

export const fetchMyInvitations = (signal?: AbortSignal) =>
  http
    .get<{ invitations: MyInvitation[] }>('/shops/invitations', { signal })
    .then((answer) => answer.invitations);

export const myInvitationsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: userKeys.myInvitations,
    queryFn: ({ signal }) => fetchMyInvitations(signal),
    enabled,
  });

export function useMyInvitations(enabled: boolean) {
  return useQuery(myInvitationsQuery(enabled));
}
