import { describe, expect, it } from 'vitest';
import { queryTerms } from '../../../shared/domain/search-terms';
import { ftsMatch, tierRanker, tsQuery } from './search-words';
import { searchColumns } from '../../../shared/domain/search-index-terms';

describe('search words as text queries', () => {
  const plain = (word: string, prefix = true) => ({
    word,
    prefix,
    stem: word,
    lexicon: [],
    transliterations: [],
  });

  it('exact tier: every word a prefix of the text as written, and the type of demands', () => {
    // (The offers, most products, are told by their rows: ftsMatch.)
    expect(ftsMatch([plain('toyota'), plain('hilux')], 'exact', 'offer')).toBe(
      '(search_text : "toyota"*) AND (search_text : "hilux"*)',
    );
    expect(ftsMatch([plain('toyota'), plain('hilux')], 'exact', 'demand')).toBe(
      '(search_text : "toyota"*) AND (search_text : "hilux"*) AND type : "demand"',
    );
    expect(tsQuery([plain('toyota'), plain('سياره')], 'exact')).toBe('(toyota:*A) & (سياره:*A)');
  });

  it('a whole lexicon word is not a prefix of another (issue 30: شاحن, charger; شاحنة, truck)', () => {
    expect(queryTerms('شاحن hil').map((w) => w.prefix)).toEqual([false, true]);
    expect(ftsMatch([plain('شاحن', false)], 'exact', 'offer')).toBe('(search_text : "شاحن")');
    expect(tsQuery([plain('شاحن', false)], 'exact')).toBe('(شاحن:A)');
    const rank = tierRanker([plain('شاحن', false)], ['exact']);
    expect(rank({ search_text: 'شاحنه نقل', search_stems: '', search_related: '' })).toBeNull();
    expect(rank({ search_text: 'شاحن سريع', search_stems: '', search_related: '' })).toBe('exact');
  });

  it('later tiers add stems, lexicon words (phrases: all their words) and transliterations', () => {
    const w = {
      word: 'غسالات',
      prefix: true,
      stem: 'غسال',
      lexicon: [['machin', 'laver']],
      transliterations: ['ghassal'],
      typos: ['غسيل'],
    };
    expect(ftsMatch([w], 'stem', 'demand')).toBe(
      '(search_text : "غسالات"* OR search_stems : ("غسال")) AND type : "demand"',
    );
    expect(tsQuery([w], 'typo')).toBe(
      '(غسالات:*A | (غسال:B) | (machin:B & laver:B) | (غسال:BC) | (machin:BC & laver:BC) |' +
        ' (ghassal:BC) | (غسيل:BC))',
    );
  });

  it('leaves no query syntax through', () => {
    const words = queryTerms('" OR * NEAR( ) : ^ & | ! \'');
    expect(words.map((w) => w.word)).toEqual(['or', 'near']);
    // ('or', gold, is a whole word of the lexicon: not a prefix, and one of the offer's own.)
    expect(ftsMatch(words, 'exact', 'offer')).toBe(
      '((search_text : "or" AND search_stems : "or")) AND (search_text : "near"*)',
    );
    expect(tsQuery(words, 'exact')).toBe('((or:A & or:B)) & (near:*A)');
  });

  it("finds a lexicon word typed alone only as the offer's own word, not a name's", () => {
    // دار (house) in the district دار النعيم: its text holds it, its stems not (search-index-terms).
    const [dar] = queryTerms('دار');
    expect(dar.own).toBe(true);
    const ranker = tierRanker([dar], ['exact', 'stem', 'lexicon']);
    const columns = (text: string) => searchColumns([text], []);
    expect(ranker(columns('قطعة أرضية في دار النعيم'))).toBeNull();
    expect(ranker(columns('دار للبيع في دار النعيم'))).toBe('exact');
    // Typed with the rest of the name, it is the name's word.
    expect(queryTerms('دار النعيم')[0].own).toBe(false);
  });
});

describe('tierRanker', () => {
  const TIERS_BEFORE_TYPOS = ['exact', 'stem', 'lexicon', 'related', 'transliteration'] as const;
  const w = {
    word: 'سيارات',
    prefix: true,
    stem: 'سيار',
    lexicon: [['voitur'], ['automobil']],
    transliterations: ['sayar'],
  };
  const row = (search_text: string, search_stems = '', search_related = '') => ({
    search_text,
    search_stems,
    search_related,
  });
  const rank = (words: (typeof w)[], r: ReturnType<typeof row>) =>
    tierRanker(words, TIERS_BEFORE_TYPOS)(r);

  it('ranks a product by the narrowest tier all its words meet', () => {
    expect(rank([w], row('سيارات تويوتا نظيفة'))).toBe('exact');
    // A prefix of a word of the text, split as FTS5 splits it (on punctuation too).
    expect(rank([w], row('بيع:سيارات'))).toBe('exact');
    expect(rank([w], row('سيارة', 'سيار'))).toBe('stem');
    expect(rank([w], row('voiture propre', 'voitur propr'))).toBe('lexicon');
    expect(rank([w], row('toyota', 'toyot', 'سيار'))).toBe('related');
    expect(rank([w], row('x', 'x', 'voitur'))).toBe('related');
    expect(rank([w], row('sayara', 'sayar'))).toBe('transliteration');
    expect(rank([w], row('x', 'x', 'y'))).toBeNull();
  });

  it('takes the broadest of the words: every word must match in the tier', () => {
    const hilux = {
      word: 'hilux',
      prefix: true,
      stem: 'hilux',
      lexicon: [],
      transliterations: ['هيلوكس'],
    };
    expect(rank([w, hilux], row('سيارات hilux'))).toBe('exact');
    expect(rank([w, hilux], row('سيارات', 'سيار', 'هيلوكس'))).toBe('transliteration');
    expect(rank([w, hilux], row('سيارات'))).toBeNull();
  });

  it('needs every word of a lexicon phrase, a whole stem, a prefix at a word start', () => {
    const washer = {
      word: 'غسالة',
      prefix: true,
      stem: 'غسال',
      lexicon: [['machin', 'laver']],
      transliterations: [],
    };
    expect(rank([washer], row('machine', 'machin'))).toBeNull();
    expect(rank([washer], row('machine a laver', 'machin laver'))).toBe('lexicon');
    expect(rank([washer], row('x', 'غسالين'))).toBeNull();
    expect(rank([washer], row('الغسالة'))).toBeNull();
  });

  it('finds a word where it stands in a column: its edges are what FTS5 splits on', () => {
    const toyota = {
      word: 'toyota',
      prefix: false,
      stem: 'toyot',
      lexicon: [],
      transliterations: [],
    };
    const whole = (text: string) => rank([toyota], row(text));
    expect(whole('toyota')).toBe('exact');
    expect(whole('une toyota, propre')).toBe('exact');
    expect(whole('hilux/toyota-2010')).toBe('exact');
    // Found later in the text after a first place inside another word.
    expect(whole('toyotas et toyota')).toBe('exact');
    expect(whole('toyotas xtoyota toyota2')).toBeNull();
    // A letter beyond the first plane is a letter (U+1D400); an emoji is not.
    expect(whole('\u{1D400}toyota')).toBeNull();
    expect(whole('\u{1F697}toyota\u{1F697}')).toBe('exact');
    // A prefix begins a word, anywhere in it but never inside another.
    expect(rank([{ ...toyota, word: 'toy', prefix: true }], row('xtoy toyota'))).toBe('exact');
    expect(rank([{ ...toyota, word: 'toy', prefix: true }], row('xtoy atoyota'))).toBeNull();
    // Stems and related words are whole words between spaces.
    expect(rank([toyota], row('x', 'toyota toyot'))).toBe('stem');
    expect(rank([toyota], row('x', 'toyotx toyots'))).toBeNull();
    expect(rank([toyota], row('x', 'ab', 'cd toyot'))).toBe('related');
  });

  it('knows only the tiers it is given (near spellings: with their words)', () => {
    const typo = { ...w, typos: ['سياف'] };
    expect(tierRanker([typo], ['exact', 'stem'])(row('x', 'سيار'))).toBe('stem');
    expect(tierRanker([typo], ['exact', 'stem'])(row('x', 'x', 'sayar'))).toBeNull();
    expect(tierRanker([typo], ['exact', 'stem', 'typo'])(row('x', 'x', 'سياف'))).toBe('typo');
  });
});
