// The typo tier's arithmetic (issue 17, docs/search.md "Ranking"): how far two words are, how
// far a word may be mistyped, and the deletion variants the vocabulary is looked up by
// (migration 011). Re-exported by search-terms.ts.

const length = (w: string) => [...w].length;

/**
 * Edit distance of two words, up to `max` (more is reported as max + 1): letters inserted,
 * deleted, replaced, and two neighbours swapped (voitrue → voiture), each one edit (optimal string
 * alignment). Swaps are among the commonest typing slips; the deletion variants of migration 011
 * find them too (both words lose one of the swapped letters alike).
 */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        v = Math.min(v, before[j - 2] + 1);
      }
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    before = prev;
    prev = row;
  }
  return prev[y.length];
}

/** Edits tolerated in a word of this many letters: 1 from 5 letters, 2 from 8 (issue 17). */
export function typoBudget(word: string): number {
  const n = length(word);
  return n >= 8 ? 2 : n >= 5 ? 1 : 0;
}

/**
 * The vocabulary's deletion variants (SymSpell, migration 011): every term of `minLength` letters
 * or more is stored under itself with one letter taken out, and, from `twoFrom` to `twoUpTo`
 * letters, with two taken out. Two words within `budget` edits share a key when each loses at
 * most `budget` letters: the query side takes out as many as its budget allows (deletionKeys).
 * minLength: a one-edit word has 5+ letters, so its neighbours 4+; twoFrom: a two-edit word has
 * 8+, its neighbours 6+. Terms longer than twoUpTo keep one-letter variants only.
 */
export const TYPO_KEYS = { minLength: 4, twoFrom: 6, twoUpTo: 20 } as const;

/** A word's keys for the variants look-up: itself and its variants with up to `budget` letters out. */
export function deletionKeys(word: string, budget: number): string[] {
  const keys = new Set([word]);
  let level = [word];
  for (let round = 0; round < budget; round++) {
    const next: string[] = [];
    for (const w of level) {
      const letters = [...w];
      for (let i = 0; i < letters.length; i++) {
        const v = [...letters.slice(0, i), ...letters.slice(i + 1)].join('');
        if (v && !keys.has(v)) {
          keys.add(v);
          next.push(v);
        }
      }
    }
    level = next;
  }
  return [...keys];
}
