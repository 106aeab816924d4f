import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meKeys } from '../../../lib/use-me';
import { shopKeys } from '../../shops';
import { userKeys } from './keys';

// POST /shops/{id}/invitation/{accept|decline}; then the user's shops and invitations again.

export type InvitationAnswer = { shopId: number; answer: 'accept' | 'decline' };

export const answerInvitation = ({ shopId, answer }: InvitationAnswer) =>
  http.post(`/shops/${shopId}/invitation/${answer}`);

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSuccess: (_, { shopId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.myInvitations }),
        // The shop's page lists its staff.
        queryClient.invalidateQueries({ queryKey: shopKeys.detail(shopId), exact: true }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]),
  });
}
