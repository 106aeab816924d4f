import { expect } from 'vitest';
import type { TestClient } from '../../test/client';
import { haversineKm } from './search.test-helpers';

// Searches within a distance (the place's indexes: search-place-gist and search-place-cells
// routes tests): the exact answer from all rows, and every page the API answers.

/**
 * The exact answer to a search within `km` of `centre`, from all rows (`places`: the products of
 * its word by id): the placed ones within the distance, nearest first or newest (highest id) first.
 */
export function withinKmReference(
  places: Map<number, { latitude: number | null; longitude: number | null }>,
  centre: { latitude: number; longitude: number },
  km: number,
  order: 'nearest' | 'newest' = 'nearest',
): number[] {
  return [...places.entries()]
    .filter(([, p]) => p.latitude !== null && p.longitude !== null)
    .map(([id, p]) => ({ id, d: haversineKm(centre, p as typeof centre) }))
    .filter((p) => p.d <= km)
    .sort((a, b) => (order === 'nearest' ? a.d - b.d : 0) || b.id - a.id)
    .map((p) => p.id);
}

/** The ids of every page (of 100) a visitor's search answers. */
export async function everyPageOf(client: TestClient, body: object): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; ; page++) {
    const res = await client.post('/products/all/0/search', { ...body, page, page_size: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const data: { id: number }[] = res.json().products.data;
    found.push(...data.map((c) => c.id));
    if (data.length < 100) return found;
  }
}
