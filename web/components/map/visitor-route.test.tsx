import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION } from '../../../shared/constants';
import type { Point } from '../../../shared/domain/route-mode';
import { useVisitorRoute } from './visitor-route';

// SPEC §9: the visitor's position (10 s, high accuracy, no cache), then a route only within
// 100 km, on foot within 1 km, by car beyond; every failure ignored silently (SPEC §8).

const shop: Point = { latitude: 18.0858, longitude: -15.9785 };
const north = (km: number): Point => ({
  latitude: shop.latitude + km / 111.195,
  longitude: shop.longitude,
});

/** GET /routing/route's answer with a route (GeoJSON order: longitude, latitude). */
const routed = (mode: 'foot' | 'driving') => ({
  route: {
    mode,
    coordinates: [
      [-15.9785, 18.09],
      [-15.97, 18.09],
      [-15.9785, 18.0858],
    ],
    distance: 812.4,
    duration: 580,
  },
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let getCurrentPosition: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

function positionAt(point: Point | Error) {
  getCurrentPosition.mockImplementation((ok: PositionCallback, fail: PositionErrorCallback) => {
    if (point instanceof Error)
      fail({ code: 1, message: point.message } as GeolocationPositionError);
    else
      ok({
        coords: { latitude: point.latitude, longitude: point.longitude },
      } as GeolocationPosition);
  });
}

beforeEach(() => {
  getCurrentPosition = vi.fn();
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  fetchMock = vi.fn(async () => json(routed('driving')));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useVisitorRoute', () => {
  it('asks for the position with the options of SPEC §9', async () => {
    positionAt(north(0.5));
    renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(1));
    expect(getCurrentPosition.mock.calls[0][2]).toEqual({
      timeout: GEOLOCATION.timeoutMs,
      enableHighAccuracy: true,
      maximumAge: 0,
    });
  });

  it('draws a walking route within 1 km, asked of the site itself (GET /routing/route)', async () => {
    positionAt(north(0.5));
    fetchMock.mockResolvedValueOnce(json(routed('foot')));
    const { result } = renderHook(() => useVisitorRoute(shop, true));
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current.status).toBe('drawn'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toMatch(/^\/routing\/route\?from=-15\.9785%2C18\.09\d+&to=-15\.9785%2C18\.0858$/);
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(result.current).toMatchObject({
      mode: 'foot',
      meters: 812.4,
      seconds: 580,
      line: [
        [18.09, -15.9785],
        [18.09, -15.97],
        [18.0858, -15.9785],
      ],
    });
  });

  it('draws the mode the site answers (by car beyond 1 km)', async () => {
    positionAt(north(5));
    fetchMock.mockResolvedValueOnce(json(routed('driving')));
    const { result } = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(result.current.status).toBe('drawn'));
    expect(result.current).toMatchObject({ mode: 'driving' });
  });

  it('draws nothing beyond 100 km, and asks nothing', async () => {
    positionAt(north(150));
    const { result } = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(result.current.status).toBe('too_far'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores a refused position; without a route, gives the straight line (issue 20 item 17)', async () => {
    positionAt(new Error('denied'));
    const refused = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(refused.result.current.status).toBe('none'));

    for (const reason of ['unreachable', 'timeout', 'failed', 'no_route']) {
      positionAt(north(0.5));
      fetchMock.mockResolvedValueOnce(json({ route: null, reason }));
      const failing = renderHook(() => useVisitorRoute(shop, true));
      await waitFor(() => expect(failing.result.current.status).toBe('straight'));
      const straight = failing.result.current as { meters: number };
      expect(straight.meters).toBeGreaterThan(450);
      expect(straight.meters).toBeLessThan(550);
      failing.unmount();
    }

    // The site refusing (too many requests) or out of reach: the straight line too.
    positionAt(north(2));
    fetchMock.mockResolvedValueOnce(json({ errors: { global: ['too_many_attempts'] } }, 429));
    const limited = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(limited.result.current.status).toBe('straight'));
    positionAt(north(2));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(offline.result.current.status).toBe('straight'));
  });

  it('asks again on the next map: nothing is remembered of a failure', async () => {
    positionAt(north(0.5));
    fetchMock.mockResolvedValueOnce(json({ route: null, reason: 'unreachable' }));
    const first = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(first.result.current.status).toBe('straight'));
    first.unmount();
    fetchMock.mockResolvedValueOnce(json(routed('driving')));
    positionAt(north(2));
    const again = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(again.result.current.status).toBe('drawn'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sessionStorage.length).toBe(0);
  });

  it('asks nothing for a shop that is not professional', async () => {
    const { result } = renderHook(() => useVisitorRoute(shop, false));
    expect(result.current.status).toBe('none');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });
});
