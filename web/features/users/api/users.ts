import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyInvitation } from '../../../../shared/schemas/shops';
import type { PublicUser } from '../../../../shared/schemas/users';
import { http, HttpError } from '../../../lib/http';
import { meKeys, type Me } from '../../../lib/use-me';
import { shopKeys } from '../../shops';
import { userKeys } from './keys';

// DESIGN §4: GET /users/user/{id} (public fields), PUT /users/{id} (profile, photo, cover; answers
// the self view), DELETE /users/{id} (SPEC §7: then the home page).

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) =>
      http.get<{ user: PublicUser }>(`/users/user/${id}`, { signal }).then((answer) => answer.user),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      form,
      onUploadProgress,
    }: {
      form: FormData;
      onUploadProgress?: (fraction: number) => void;
    }) => http.put<{ user: Me }>(`/users/${id}`, form, { onUploadProgress }).then((a) => a.user),
    onSuccess: (user) => {
      queryClient.setQueryData(meKeys.all, user);
      return queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}

export function useDeleteUser(id: number) {
  return useMutation({ mutationFn: () => http.delete(`/users/${id}`) });
}

// Staff invitations addressed to the signed-in user (docs/shops-users.md, "Invitations").

/** The signed-in user's pending invitations (GET /shops/invitations). */
export function useMyInvitations(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.myInvitations,
    queryFn: ({ signal }) =>
      http
        .get<{ invitations: MyInvitation[] }>('/shops/invitations', { signal })
        .then((answer) => answer.invitations),
    enabled,
  });
}

/** Accepts or declines a shop's invitation; then the user's shops and invitations again. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, answer }: { shopId: number; answer: 'accept' | 'decline' }) =>
      http.post(`/shops/${shopId}/invitation/${answer}`),
    onSuccess: (_, { shopId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.myInvitations }),
        // The shop's page lists its staff.
        queryClient.invalidateQueries({ queryKey: shopKeys.detail(shopId), exact: true }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]),
  });
}
