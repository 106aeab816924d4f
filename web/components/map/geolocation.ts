import { GEOLOCATION } from '../../../shared/constants';
import type { Point } from '../../../shared/domain/route-mode';

/**
 * The visitor's position, asked once (SPEC §9: 10 s timeout, high accuracy, no cached position).
 * Rejects when the browser has no geolocation, the visitor refuses, or it times out; callers
 * ignore that silently (SPEC §8).
 */
export function currentPosition(): Promise<Point> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('geolocation_unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      {
        timeout: GEOLOCATION.timeoutMs,
        enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
        maximumAge: GEOLOCATION.maximumAge,
      },
    );
  });
}
