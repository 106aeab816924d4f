import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandRating, Rating } from '../../../../shared/schemas/ratings';
import { http } from '../../../lib/http';

// GET and POST /commands/{id}/rating (issue 32 item 5, DESIGN §4): the buyer rates the shop once
// the command is accepted.

const ratingKey = (commandId: number) => ['commands', 'rating', commandId] as const;

export function useCommandRating(commandId: number, enabled: boolean) {
  return useQuery({
    queryKey: ratingKey(commandId),
    queryFn: ({ signal }) => http.get<CommandRating>(`/commands/${commandId}/rating`, { signal }),
    enabled,
  });
}

export function useRateShop(commandId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { stars: number; text: string }) =>
      http.post<{ rating: Rating }>(`/commands/${commandId}/rating`, body),
    onSuccess: ({ rating }) =>
      client.setQueryData<CommandRating>(ratingKey(commandId), { rating, rate_until: null }),
  });
}
