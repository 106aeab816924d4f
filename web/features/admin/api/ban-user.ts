import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from '../../../../shared/schemas/common';
import type { bannedUserResponse } from '../../../../shared/schemas/trust';
import { http } from '../../../lib/http';
import { adminKeys } from './keys';

// Issue 19 (docs/trust.md): POST /admin/users/{id}/ban {reason?} bans, DELETE the same unbans;
// both answer { user: {id, first_name, last_name, banned_at, ban_reason} }.

export type BannedUser = z.infer<typeof bannedUserResponse>['user'];

export interface BanVariables {
  userId: number;
  ban: boolean;
  reason?: string;
}

export const banUser = ({ userId, ban, reason }: BanVariables) => {
  const url = `/admin/users/${userId}/ban`;
  const answer = ban
    ? http.post<{ user: BannedUser }>(url, reason?.trim() ? { reason: reason.trim() } : {})
    : http.delete<{ user: BannedUser }>(url);
  return answer.then((a) => a.user);
};

/** A ban hides the author's offers and shows in the log: every moderation query is refetched. */
export function useBanUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.moderation }),
  });
}
