import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { seedIfEmpty } from '../../db/seed';

// Issue 17 item 3: the home page's popular-search chips (web/app/pages/home-page.tsx) each find
// offers on the demo data, in both languages — they all answered "no results" before the
// search understood plurals, the other language and catalogue names.

const LOCALES = path.join(__dirname, '../../../web/locales');
const chips = (lang: string): Record<string, string> => {
  const file = path.join(LOCALES, lang, 'layout.json');
  const layout = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(layout).filter(([k]) => k.startsWith('popular_')));
};

describeEachEngine('search: the popular-search chips on the demo data', (ctx) => {
  beforeAll(async () => {
    await seedIfEmpty(ctx().app.db, { ...ctx().config, seedDemo: true });
  }, 180_000);

  const total = async (name: string) => {
    const res = await ctx().client().post('/products/all/0/search', { name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().products.total as number;
  };

  for (const lang of ['ar', 'fr']) {
    it(`every ${lang} chip finds offers`, async () => {
      const list = chips(lang);
      expect(Object.keys(list).length).toBeGreaterThanOrEqual(6);
      const empty: string[] = [];
      for (const [key, words] of Object.entries(list)) {
        if (key === 'popular_') continue;
        if ((await total(words)) < 1) empty.push(`${key}: ${words}`);
      }
      expect(empty).toEqual([]);
    });
  }

  it("the issue's words find the cars, and 'xylophone' nothing", async () => {
    for (const words of ['سيارات', 'السيارة', 'voitures', 'voiture', 'toyota', 'تيوتا']) {
      expect(await total(words), words).toBeGreaterThan(0);
    }
    expect(await total('xylophone')).toBe(0);
  });
});
