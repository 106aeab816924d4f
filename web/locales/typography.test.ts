import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinList } from '../../shared/domain/language';

// Issue 35 item 17: each language's own typography, checked in every dictionary the site shows
// (web/locales/<lang>/*.json and the shared ones the server reads too, shared/locales/<lang>/).

type Dictionary = Record<string, string>;

function dictionaryOf(language: 'ar' | 'fr'): Dictionary {
  const merged: Dictionary = {};
  for (const dir of [`web/locales/${language}`, `shared/locales/${language}`]) {
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      Object.assign(merged, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    }
  }
  return merged;
}

const ar = dictionaryOf('ar');
const fr = dictionaryOf('fr');

/** The keys whose text breaks `rule`, to name them all in one failure. */
const breaking = (dictionary: Dictionary, rule: (text: string) => boolean) =>
  Object.entries(dictionary)
    .filter(([, text]) => rule(text))
    .map(([key, text]) => `${key}: ${text}`);

/** A no-break space: U+00A0, or the narrow one French typesetting also uses (U+202F). */
const NBSP = '[\\u00a0\\u202f]';

describe('Arabic dictionaries', () => {
  it('use the Arabic comma, semicolon and question mark, never the Latin ones', () => {
    expect(breaking(ar, (text) => /[,;?]/.test(text))).toEqual([]);
  });
});

describe('French dictionaries', () => {
  it('keep a no-break space before « ! ? ; » », so that none of them wraps to a line alone', () => {
    expect(breaking(fr, (text) => new RegExp(`(^|[^\\u00a0\\u202f])[!?;»]`).test(text))).toEqual(
      [],
    );
  });

  it('keep a no-break space before a colon that ends a phrase, and after « ', () => {
    // A colon inside a word or a number (an address, a time), or of a JSON example ("value": …),
    // is not punctuation of a phrase.
    expect(breaking(fr, (text) => /(^|[^\u00a0\u202f"]):(\s|$)/.test(text))).toEqual([]);
    expect(breaking(fr, (text) => new RegExp(`«(?!${NBSP})`).test(text))).toEqual([]);
  });

  it('start the popular searches with a capital, as the other chips and the Arabic ones', () => {
    const popular = Object.entries(fr).filter(([key]) => key.startsWith('popular_'));
    expect(popular.length).toBeGreaterThan(0);
    expect(popular.filter(([, text]) => !/^\p{Lu}/u.test(text))).toEqual([]);
  });

  it('say "none" in words wherever the Arabic does, never "0 fois"', () => {
    // An Arabic zero form without the number ("لم يحفظه أحد بعد") has its French counterpart.
    const wordedZeros = Object.entries(ar)
      .filter(([key, text]) => key.endsWith('_zero') && !text.includes('{{count}}'))
      .map(([key]) => key);
    expect(wordedZeros.length).toBeGreaterThan(0);
    const missing = wordedZeros.filter((key) => !fr[key] || fr[key].includes('{{count}}'));
    expect(missing).toEqual([]);
    expect(fr.saved_count_zero).not.toMatch(/0|fois/);
  });
});

describe('both languages', () => {
  it('give the not-found page a title of its own', () => {
    expect(ar.not_found_title).toBeTruthy();
    expect(fr.not_found_title).toBeTruthy();
  });

  it('join lists with their own comma', () => {
    expect(joinList(['أعجبني 1', 'تفاعل واحد'], 'ar')).toBe('أعجبني 1، تفاعل واحد');
    expect(joinList(['Sebkha', 'Nouakchott'], 'fr')).toBe('Sebkha, Nouakchott');
  });

  it('leave no list of the web app joined with a Latin comma by hand', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) {
          const source = fs.readFileSync(file, 'utf8');
          if (/\.join\(', '\)|\}, \$\{/.test(source)) offenders.push(file);
        }
      }
    };
    walk('web');
    expect(offenders).toEqual([]);
  });
});
