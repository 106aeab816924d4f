import { useCallback, useEffect, useRef, useState } from 'react';
import { GEOLOCATION } from '../../../shared/constants';
import type { Position } from './search-state';

// SPEC §4/§9: the position is asked for when the advanced search is used, with a 10 s timeout,
// high accuracy and no cached position; an error is ignored silently (SPEC §8): the search simply
// runs without a distance.

/** A prompt nobody answers never times out by itself (the timeout starts after permission). */
const PROMPT_GRACE_MS = 5_000;

export function readPosition(): Promise<Position | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve(null);
    const timer = setTimeout(() => resolve(null), GEOLOCATION.timeoutMs + PROMPT_GRACE_MS);
    const done = (position: Position | null) => {
      clearTimeout(timer);
      resolve(position);
    };
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => done({ latitude: coords.latitude, longitude: coords.longitude }),
      () => done(null),
      {
        timeout: GEOLOCATION.timeoutMs,
        enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
        maximumAge: GEOLOCATION.maximumAge,
      },
    );
  });
}

/**
 * The searcher's position, asked for once `active` turns true. `locate()` gives the position
 * (waiting for the pending request, or asking again after a failure).
 */
export function useGeolocation(active: boolean) {
  const [state, setState] = useState<{ position: Position | null; settled: boolean }>({
    position: null,
    settled: false,
  });
  const pending = useRef<Promise<Position | null> | null>(null);

  const locate = useCallback(() => {
    if (!pending.current) {
      const request = readPosition();
      pending.current = request;
      void request.then((position) => {
        // A failure may be temporary (a timeout indoors): the next search asks again.
        if (!position && pending.current === request) pending.current = null;
        setState({ position, settled: true });
      });
    }
    return pending.current;
  }, []);

  useEffect(() => {
    if (active) void locate();
  }, [active, locate]);

  return { ...state, locate };
}
