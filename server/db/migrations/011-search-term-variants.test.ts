import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { deletionKeys, TYPO_KEYS } from '../../../shared/domain/search-terms';

// Migration 011: the variants the triggers write in SQL are the shared rule's (deletionKeys),
// letter for letter (Arabic and accented letters count as one), on both engines; a term leaving
// the vocabulary takes its variants along.

/** What the database should hold for a term: its keys with one, or two, letters out. */
function expected(term: string): string[] {
  const n = [...term].length;
  if (n < TYPO_KEYS.minLength) return [];
  const budget = n >= TYPO_KEYS.twoFrom && n <= TYPO_KEYS.twoUpTo ? 2 : 1;
  return deletionKeys(term, budget)
    .filter((k) => k !== term)
    .sort();
}

describe('migration 011-search-term-variants', () => {
  for (const engine of engines) {
    it(`stores each vocabulary term under the shared rule's deletion variants [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect }) => {
        await migrateToLatest(db, dialect);
        const terms = ['سيار', 'climatisation', 'toyot', 'réfrigérateur', 'abc', 'aabba'];
        await db
          .insertInto('search_terms')
          .values(terms.map((term) => ({ term, length: [...term].length, count: 1 })))
          .execute();
        for (const term of terms) {
          const rows = await db
            .selectFrom('search_term_variants')
            .select('variant')
            .where('term', '=', term)
            .orderBy('variant')
            .execute();
          expect(rows.map((r) => r.variant).sort(), term).toEqual(expected(term));
        }
        await db.deleteFrom('search_terms').where('term', '=', 'toyot').execute();
        const left = await db
          .selectFrom('search_term_variants')
          .select('term')
          .where('term', '=', 'toyot')
          .execute();
        expect(left).toEqual([]);
      });
    }, 60_000);
  }
});
