import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meKeys, type Me } from '../../../lib/use-me';
import { userKeys } from './keys';

// PUT /users/{id}: profile, photo, cover (multipart); answers the self view (DESIGN §4).

export interface ProfileUpdate {
  form: FormData;
  onUploadProgress?: (fraction: number) => void;
}

export const updateProfile = (id: number, { form, onUploadProgress }: ProfileUpdate) =>
  http.put<{ user: Me }>(`/users/${id}`, form, { onUploadProgress }).then((a) => a.user);

export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(id, update),
    onSuccess: (user) => {
      queryClient.setQueryData(meKeys.all, user);
      return queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}
