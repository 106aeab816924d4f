import type { QueryClient } from '@tanstack/react-query';
import { meKeys } from '../../../lib/use-me';

/** The signed-in user's list of shops (header menu, 'my shops') follows every change. */
export function refreshMe(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: meKeys.all });
}
