import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { pagePaths } from '../../shared/domain/page-paths';
import { routes } from '../app/routes';
import { paths } from './paths';

// Issue 33 item 2: page paths have one home (shared/domain/page-paths.ts), which the web app's
// links and the server's (JSON-LD, canonical tags, sitemaps) both use; each is a page the app serves.

/** Every path the table can make, with sample ids. */
const samples = Object.entries(pagePaths).map(([name, make]) => {
  if (typeof make === 'string') return [name, make] as const;
  if (name === 'productNew') return [name, (make as (t: string) => string)('offer')] as const;
  if (name === 'localisation') return [name, (make as (l: string) => string)('fr')] as const;
  return [name, (make as (...ids: number[]) => string)(3, 7)] as const;
});

describe('page paths', () => {
  it('are the shared table on the web side', () => {
    expect(paths).toBe(pagePaths);
  });

  it('each name a page of the route table (not the not-found page)', () => {
    for (const [name, path] of samples) {
      // The language link is a server route that sets the language and redirects.
      if (name === 'localisation') continue;
      const matched = matchRoutes(routes, path);
      expect(matched?.at(-1)?.route.path, `${name}: ${path}`).not.toBe('*');
      expect(matched, `${name}: ${path}`).not.toBeNull();
    }
  });

  it('give the server the same offer, shop, category and profile paths as the links', () => {
    expect(pagePaths.product(12)).toBe('/products/product/12');
    expect(pagePaths.product(12, 5)).toBe('/products/product/12/5');
    expect(pagePaths.shop(4)).toBe('/shops/shop/4');
    expect(pagePaths.subcategory(2, 9)).toBe('/categories/2/subcategories/9');
    expect(pagePaths.user(8)).toBe('/users/user/8');
  });
});
