import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModeratedType, ModerationAction } from '../../../../shared/domain/trust';
import type { ModerationItem } from '../../../../shared/schemas/trust';
import { http } from '../../../lib/http';
import { adminKeys } from './keys';

// Issue 19 (docs/trust.md): POST /admin/moderation/{type}/{id} {action, note?} → { item }.

export interface ModerateVariables {
  type: ModeratedType;
  id: number;
  action: ModerationAction;
  note?: string;
}

export const moderateItem = ({ type, id, action, note }: ModerateVariables) =>
  http
    .post<{ item: ModerationItem }>(`/admin/moderation/${type}/${id}`, {
      action,
      ...(note?.trim() ? { note: note.trim() } : {}),
    })
    .then((answer) => answer.item);

/** The queue and the log both change: every moderation query is refetched. */
export function useModerateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderateItem,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.moderation }),
  });
}
