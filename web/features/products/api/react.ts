import { useQueryClient } from '@tanstack/react-query';
import type { ReactionKind } from '../../../../shared/constants';
import type { Reactionable, ReactionableType } from '../../../../shared/schemas/reactions';
import { http } from '../../../lib/http';
import { patchProduct } from './product';

// SPEC §7: POST /reactions/create/{type}/{id} {name}, on a product, comment or command. A
// product's answer patches its cached copy.

export const react = (type: ReactionableType, id: number, kind: ReactionKind) =>
  http
    .post<{ reactionable: Reactionable }>(`/reactions/create/${type}/${id}`, { name: kind })
    .then((answer) => answer.reactionable);

export function useReact() {
  const queryClient = useQueryClient();
  return async (type: ReactionableType, id: number, kind: ReactionKind) => {
    const reactionable = await react(type, id, kind);
    // Its counts and the viewer's reaction (its `id` and `type` are not the product's fields).
    const { id: _id, type: _type, ...state } = reactionable;
    if (type === 'product') patchProduct(queryClient, id, state);
    return reactionable;
  };
}
