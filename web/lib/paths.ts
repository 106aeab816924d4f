import { safeLocalPath } from '../../shared/domain/safe-path';
import { pagePaths } from '../../shared/domain/page-paths';

/** The page paths (shared/domain/page-paths.ts: the server's links use the same ones). */
export const paths = pagePaths;

/** A `next` target taken from the URL: only a path on this site, never another origin. */
export function safeNext(next: string | null | undefined, fallback: string = paths.home): string {
  // The one same-origin check (shared/domain/safe-path.ts): `/%09/evil.example` and the like.
  return safeLocalPath(next) ?? fallback;
}
