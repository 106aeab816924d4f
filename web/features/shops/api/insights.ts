import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHTS_DAYS_DEFAULT } from '../../../../shared/constants';
import type { Insights } from '../../../../shared/schemas/insights';
import { http, HttpError } from '../../../lib/http';
import { shopKeys } from './keys';

// GET /shops/{id}/insights?days= (issue 19 item 6): the shop's staff only.

export const fetchShopInsights = (id: number, days: number, signal?: AbortSignal) =>
  http
    .get<{ insights: Insights }>(`/shops/${id}/insights?days=${days}`, { signal })
    .then((b) => b.insights);

export const shopInsightsQuery = (id: number, days: number = INSIGHTS_DAYS_DEFAULT) =>
  queryOptions({
    queryKey: shopKeys.insights(id, days),
    queryFn: ({ signal }) => fetchShopInsights(id, days, signal),
    // Refused (403/404) is an answer, not a failure to try again.
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });

export function useShopInsights(id: number, days: number = INSIGHTS_DAYS_DEFAULT) {
  return useQuery({ ...shopInsightsQuery(id, days), enabled: Number.isSafeInteger(id) && id > 0 });
}
