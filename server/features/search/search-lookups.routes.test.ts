import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { deletionKeys } from '../../../shared/domain/search-terms';
import { buildWorld, type World } from './search.test-helpers';
import { termsNear } from './search-lookups.repository';

// The typo tier's candidates (termsNear): the vocabulary's terms under a word's deletion keys,
// read in two index look-ups (docs/search.md, "PostgreSQL at 1,000,000, session 16"), in the
// order of their terms on both engines.

describeEachEngine('search: the vocabulary near a word', (ctx) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(ctx());
  }, 60_000);

  it('finds the terms a deletion away, each once, ordered by term', async () => {
    expect(w).toBeDefined();
    const db = ctx().app.db;
    // hiluks: hilux is one deletion of each away (hilus); the word itself is no term.
    const near = await termsNear(db, deletionKeys('hiluks', 2));
    const terms = near.map((t) => t.term);
    expect(terms).toContain('hilux');
    expect(terms).toEqual([...new Set(terms)].sort());
    expect(near.every((t) => Number(t.count) > 0)).toBe(true);
    // A key that is a term itself is found directly.
    expect((await termsNear(db, ['hilux'])).map((t) => t.term)).toEqual(['hilux']);
    expect(await termsNear(db, [])).toEqual([]);
  });
});
