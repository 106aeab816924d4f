import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { offerIndexedAs } from './reindex.test-helpers';
import { searchPhraseNames } from './046-search-phrase-names';

// Migration 046 (issue 30): a tutoring offer indexed before, with the house words of "at home"
// among its related words, is indexed again and no longer found by a search for a house.

describeEachEngine('migration 046-search-phrase-names', (ctx) => {
  it('re-indexes products written before; a house search no longer finds lessons at home', async () => {
    const { db } = ctx().app;
    const lessons = 'Cours particuliers de maths à domicile';
    const { fresh, post, found } = await offerIndexedAs(ctx(), 'lessons_tutoring', lessons);
    // As the index of main wrote it: the stem of cours was cour, at home held منزل and بيت.
    const old = await post({
      ...fresh,
      search_stems: fresh.search_stems!.replace('cours', 'cour'),
      search_related: `${fresh.search_related} منزل بيت`,
    });
    expect(await found('منزل')).toEqual([old.id]);
    expect(await found('cour')).toEqual([old.id]);
    await db.transaction().execute((trx) => searchPhraseNames.up(trx));
    const row = await db
      .selectFrom('products')
      .select(['search_stems', 'search_related'])
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ search_stems: fresh.search_stems, search_related: fresh.search_related });
    expect(await found('منزل')).toEqual([]);
    expect(await found('cour')).toEqual([]);
    // Still found as what it is.
    expect(await found('دروس')).toEqual([old.id]);
  });
});
