import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION } from '../../../shared/constants';
import type { Point } from '../../../shared/domain/route-mode';
import { forgetUnreachableRouting, parseRoute, useVisitorRoute } from './visitor-route';

// SPEC §9: the visitor's position (10 s, high accuracy, no cache), then a route only within
// 100 km, on foot within 1 km, by car beyond; every failure ignored silently (SPEC §8).

const shop: Point = { latitude: 18.0858, longitude: -15.9785 };
const north = (km: number): Point => ({
  latitude: shop.latitude + km / 111.195,
  longitude: shop.longitude,
});

const osrm = {
  code: 'Ok',
  routes: [
    {
      geometry: {
        coordinates: [
          [-15.9785, 18.09],
          [-15.97, 18.09],
          [-15.9785, 18.0858],
        ],
      },
      distance: 812.4,
      duration: 580,
    },
  ],
};

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
  forgetUnreachableRouting();
  getCurrentPosition = vi.fn();
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  fetchMock = vi.fn(async () => new Response(JSON.stringify(osrm), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  const meta = document.createElement('meta');
  meta.name = 'routing-url';
  meta.content = 'http://routes.test:5000';
  document.head.append(meta);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="routing-url"]')?.remove();
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

  it('draws a walking route within 1 km, from ROUTING_URL, without our cookies', async () => {
    positionAt(north(0.5));
    const { result } = renderHook(() => useVisitorRoute(shop, true));
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current.status).toBe('drawn'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toMatch(
      /^http:\/\/routes\.test:5000\/route\/v1\/foot\/-15\.9785,18\.09\d+;-15\.9785,18\.0858\?overview=full&geometries=geojson$/,
    );
    expect(init).toMatchObject({ credentials: 'omit' });
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

  it('drives beyond 1 km', async () => {
    positionAt(north(5));
    const { result } = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(result.current.status).toBe('drawn'));
    expect(fetchMock.mock.calls[0][0]).toContain('/route/v1/driving/');
  });

  it('draws nothing beyond 100 km, and does not ask the routing service', async () => {
    positionAt(north(150));
    const { result } = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(result.current.status).toBe('too_far'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores a refused position; without the routing service, gives the straight line (issue 20 item 17)', async () => {
    positionAt(new Error('denied'));
    const refused = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(refused.result.current.status).toBe('none'));

    positionAt(north(0.5));
    fetchMock.mockResolvedValueOnce(new Response('busy', { status: 503 }));
    const failing = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(failing.result.current.status).toBe('straight'));
    const straight = failing.result.current as { meters: number };
    expect(straight.meters).toBeGreaterThan(450);
    expect(straight.meters).toBeLessThan(550);

    positionAt(north(0.5));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const unreachable = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(unreachable.result.current.status).toBe('straight'));
  });

  it('an unreachable service is asked once per session: one console error at most (issue 20 item 17)', async () => {
    positionAt(north(0.5));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const first = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(first.result.current.status).toBe('straight'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    first.unmount();
    const again = renderHook(() => useVisitorRoute(north(2), true));
    await waitFor(() => expect(again.result.current.status).toBe('straight'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('souq.routing-unreachable')).toBe('http://routes.test:5000');
  });

  it('a 5xx counts as unreachable; a "no route" answer does not', async () => {
    positionAt(north(0.5));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'NoRoute' }), { status: 400 }),
    );
    const noRoute = renderHook(() => useVisitorRoute(shop, true));
    await waitFor(() => expect(noRoute.result.current.status).toBe('straight'));
    noRoute.unmount();
    const next = renderHook(() => useVisitorRoute(north(2), true));
    await waitFor(() => expect(next.result.current.status).toBe('drawn'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    next.unmount();

    fetchMock.mockResolvedValueOnce(new Response('bad gateway', { status: 502 }));
    const down = renderHook(() => useVisitorRoute(north(3), true));
    await waitFor(() => expect(down.result.current.status).toBe('straight'));
    down.unmount();
    const after = renderHook(() => useVisitorRoute(north(4), true));
    await waitFor(() => expect(after.result.current.status).toBe('straight'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks nothing for a shop that is not professional', async () => {
    const { result } = renderHook(() => useVisitorRoute(shop, false));
    expect(result.current.status).toBe('none');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });
});

describe('parseRoute', () => {
  it('refuses answers without a drawable line', () => {
    expect(parseRoute({ code: 'NoRoute', routes: [] })).toBeNull();
    expect(
      parseRoute({ code: 'Ok', routes: [{ geometry: { coordinates: [[1, 2]] } }] }),
    ).toBeNull();
    expect(
      parseRoute({
        code: 'Ok',
        routes: [
          {
            geometry: {
              coordinates: [
                ['x', 2],
                [1, 2],
              ],
            },
          },
        ],
      }),
    ).toBeNull();
    expect(parseRoute({ code: 'Ok' })).toBeNull();
  });
});
