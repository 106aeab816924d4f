import { normalizeSearchText } from '../../../shared/domain/normalize';

// The words of a search box (DESIGN §7): normalised as the indexed text was, then cut into runs
// of letters and digits — what SQLite's unicode61 tokenizer keeps as tokens, and what is left of
// the indexed text on PostgreSQL once punctuation is taken out. Nothing else reaches a query's
// syntax, so no input can inject FTS5 or tsquery operators.

/** More words add nothing a person types; they only cost index lookups. */
export const MAX_SEARCH_WORDS = 8;
/** Longer runs are not words anyone searches for (and a tsquery lexeme has a size limit). */
const MAX_WORD_LENGTH = 60;

export function searchWords(input: string): string[] {
  const words = normalizeSearchText(input)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => [...w].slice(0, MAX_WORD_LENGTH).join(''));
  const unique = [...new Set(words)];
  // A one-letter prefix ('l' of "l'huile", 'a' of "à") matches nearly every product: it only
  // counts when nothing longer was typed.
  const long = unique.filter((w) => [...w].length > 1);
  return (long.length ? long : unique).slice(0, MAX_SEARCH_WORDS);
}

/**
 * FTS5: every word as a quoted prefix of the text (implicit AND), and the product type, which
 * the FTS table indexes too. `type` is 'offer' or 'demand' (checked by the request schema).
 */
export function ftsMatch(words: string[], type: string): string {
  const prefixes = words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ');
  return `search_text : (${prefixes}) AND type : "${type}"`;
}

/** PostgreSQL to_tsquery('simple', …): every word as a prefix, all required. */
export function tsQuery(words: string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/** pg_trgm's trigrams of a word: its letters padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const chars = [' ', ' ', ...word, ' '];
  return new Set(chars.slice(2).map((c, i) => chars[i] + chars[i + 1] + c));
}

/** pg_trgm's similarity of two words: shared trigrams over all their trigrams (0–1). */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  const shared = [...ta].filter((t) => tb.has(t)).length;
  return shared / (ta.size + tb.size - shared);
}

/**
 * The word of `known` most like `word` (trigram similarity at least `min`; the commoner on a
 * tie), or undefined. `known` maps words to how common they are.
 */
export function nearestKnownWord(
  word: string,
  known: Map<string, number>,
  min: number,
): string | undefined {
  let best: { word: string; similarity: number; share: number } | undefined;
  for (const [candidate, share] of known) {
    const similarity = trigramSimilarity(word, candidate);
    if (
      similarity >= min &&
      (!best ||
        similarity > best.similarity ||
        (similarity === best.similarity && share > best.share))
    ) {
      best = { word: candidate, similarity, share };
    }
  }
  return best?.word;
}
