import { describe, expect, it } from 'vitest';
import {
  deletionKeys,
  editDistance,
  queryTerms,
  searchTokens,
  stem,
  typoBudget,
} from './search-terms';
import { catalogueParts, indexTerms, searchColumns } from './search-index-terms';

describe('search language pipeline', () => {
  it('tokens: DESIGN §7 normalisation, then runs of letters and digits', () => {
    expect(searchTokens("  L'Huile, Réfrigérateur!  ")).toEqual(['l', 'huile', 'refrigerateur']);
    expect(searchTokens('سيّارة ٢٠١٥')).toEqual(['سياره', '2015']);
  });

  it('Arabic: the article and its attached forms come off', () => {
    for (const w of ['السياره', 'بالسياره', 'والسياره', 'فالسياره', 'كالسياره']) {
      expect(stem(w), w).toBe('سيار');
    }
    expect(stem('للبيع')).toBe('بيع');
  });

  it('Arabic: sound plurals, dual, feminine and possessive endings', () => {
    expect(stem('سيارات')).toBe('سيار');
    expect(stem('سياره')).toBe('سيار');
    // The dual: the ending comes off (the feminine ت before it stays: 'زيتون' would lose a root
    // letter to the same rule).
    expect(stem('سيارتان')).toBe('سيارت');
    expect(stem('مهندسون')).toBe('مهندس');
    expect(stem('مهندسين')).toBe('مهندس');
    expect(stem('سياراتها')).toBe('سيار');
    // Roots keep three letters.
    expect(stem('بيت')).toBe('بيت');
    expect(stem('ابل')).toBe('ابل');
  });

  it('Arabic: an attached و ف ب ل only comes off a word the lexicon knows', () => {
    expect(stem('وسياره')).toBe('سيار');
    // بيت and لحم begin with ب and ل: nothing comes off.
    expect(stem('بطاطس')).toBe('بطاطس');
    expect(stem('لحم')).toBe('لحم');
  });

  it('French: plurals, and elision falls off as a one-letter word', () => {
    expect(stem('voitures')).toBe('voiture');
    expect(stem('chevaux')).toBe('cheval');
    expect(stem('bateaux')).toBe('bateau');
    expect(stem('jeux')).toBe('jeu');
    // A brand's final x, a double s, a number: kept.
    expect(stem('hilux')).toBe('hilux');
    expect(stem('stress')).toBe('stress');
    expect(stem('2015')).toBe('2015');
    expect(queryTerms("l'huile d'olive").map((w) => w.word)).toEqual(['huile', 'olive']);
  });

  it('query words: stop words dropped when others remain, each word once, at most 8', () => {
    expect(queryTerms('appartements meublés').map((w) => w.word)).toEqual([
      'appartements',
      'meubles',
    ]);
    expect(queryTerms('de').map((w) => w.word)).toEqual(['de']);
    // Issue 30: words of how an offer is sold do not require it to repeat them, unless alone.
    expect(queryTerms('appartements à louer').map((w) => w.word)).toEqual(['appartements']);
    expect(queryTerms('سيارة للبيع جديدة pas cher').map((w) => w.word)).toEqual(['سياره']);
    expect(queryTerms('للبيع').map((w) => w.word)).toEqual(['للبيع']);
    expect(queryTerms('toyota Toyota TOYOTA')).toHaveLength(1);
    expect(queryTerms(Array.from({ length: 20 }, (_, i) => `mot${i}`).join(' '))).toHaveLength(8);
  });

  it('issue 30: one lexicon word never becomes another (stems, spellings)', () => {
    // شاحنة 'truck' keeps its ending: its stem is not شاحن 'charger'; هونداي is not هوندا.
    expect(stem('شاحنه')).toBe('شاحنه');
    expect(stem('الشاحن')).toBe('شاحن');
    expect(stem('هونداي')).toBe('هونداي');
    expect(stem('هوندا')).toBe('هوندا');
    // A word the lexicon does not know keeps its stem (سيارات: سيار).
    expect(stem('سيارات')).toBe('سيار');
    // 'violon' spelt فيل is a villa's stem: not taken; 'corrola' spelt كورولا is a Corolla's.
    const [violon] = queryTerms('violon');
    expect(violon.transliterations).not.toContain('فيل');
    expect(queryTerms('corrola')[0].transliterations).toContain('كورولا');
    // A word the lexicon knows has its spellings there.
    expect(queryTerms('daraa')[0].transliterations).toEqual([]);
  });

  it('issue 30: catalogue names count by their own words; names of several words as one term', () => {
    const sheets = indexTerms(
      ['Draps en coton'],
      ['bedding_linen', 'مفروشات وأغطية', 'Linge de maison'],
      ['home_goods', 'مستلزمات المنزل', 'Maison'],
    ).related.split(' ');
    expect(sheets).toContain('linge');
    expect(sheets).not.toContain('maison');
    expect(sheets).not.toContain('منزل');
    expect(sheets).not.toContain('المنزل');
    const staff = indexTerms(['خادمة'], ['عمالة منزلية', 'Personnel de maison']).related;
    expect(staff.split(' ')).not.toContain('منزل');
    expect(staff.split(' ')).toContain('عمالمنزل');
    // "Immobilier" names its category: kept.
    expect(indexTerms(['Villa'], [], ['عقارات', 'Immobilier']).related).toContain('immobilier');
    // A district's name: its words are not a house.
    const plot = indexTerms(['قطعة أرضية في دار النعيم'], []);
    expect(plot.stems.split(' ')).not.toContain('دار');
    expect(plot.related.split(' ')).toContain('darnaim');
  });

  it('issue 30: at home is not a house, lessons are not a courtyard', () => {
    // cours 'lessons' keeps its s: cour is a courtyard; other plurals still come off.
    expect(stem('cours')).toBe('cours');
    expect(stem('maisons')).toBe('maison');
    // The at-home phrase gives a tutoring offer its other names, not the house words in them.
    const related = indexTerms(['Cours particuliers de maths à domicile'], []).related.split(' ');
    expect(related).toContain('دروس');
    expect(related).not.toContain('منزل');
    expect(related).not.toContain('بيت');
    expect(related).not.toContain('حوش');
    const arabic = indexTerms(['دروس خصوصية في المنزل'], []).related.split(' ');
    expect(arabic).toContain('domicile');
    // A query's at-home phrase looks for its names, never for a house.
    const [home] = queryTerms('في المنزل');
    expect(home.name).toBe(true);
    expect(home.lexicon).toEqual([['domicile']]);
    expect(queryTerms('à domicile')[0].lexicon.flat()).not.toContain('منزل');
    // A phrase of what (ordinateur portable, a laptop) keeps its words' own meaning, and its
    // names of several words require them all.
    const [computer] = queryTerms('ordinateur portable');
    expect(computer.name).toBeUndefined();
    expect(computer.stem).toBe('ordinateur');
    expect(computer.lexicon).toContainEqual(['حاسوب', 'محمول']);
    // The house word alone is still a house.
    const [house] = queryTerms('المنزل');
    expect(house.name).toBeUndefined();
    expect(house.lexicon.flat()).toContain('maison');
  });

  it('query words carry their stem and the lexicon words for them', () => {
    const [voitures] = queryTerms('voitures');
    expect(voitures.stem).toBe('voiture');
    expect(voitures.lexicon.flat()).toContain('سيار');
    const [cars] = queryTerms('السيارات');
    expect(cars.stem).toBe('سيار');
    expect(cars.lexicon.flat()).toContain('voiture');
  });

  it('index terms: own stems; lexicon words and catalogue names as related stems', () => {
    const terms = indexTerms(['سيارة تويوتا هيلوكس'], ['Voitures', 'سيارات', 'Véhicules']);
    const stems = terms.stems.split(' ');
    const related = terms.related.split(' ');
    expect(stems).toEqual(expect.arrayContaining(['سيار', 'تويوتا', 'هيلوكس']));
    expect(related).toEqual(expect.arrayContaining(['voiture', 'toyota', 'vehicule']));
    // Related words never repeat the offer's own stems.
    expect(related.filter((r) => stems.includes(r))).toEqual([]);
  });

  it('search columns: the text as written, as the products feature always wrote it', () => {
    const c = searchColumns(['Toyota Hilux', null, 'TOYOTA HILUX', ''], ['cars']);
    expect(c.search_text).toBe('toyota hilux');
    expect(c.search_stems).toBe('toyota hilux');
  });

  it('typos: 1 edit from 5 letters, 2 from 8; edit distance capped', () => {
    expect(typoBudget('hilo')).toBe(0);
    expect(typoBudget('toyata')).toBe(1);
    expect(typoBudget('mersedess')).toBe(2);
    expect(editDistance('تيوتا', 'تويوتا', 1)).toBe(1);
    expect(editDistance('toyata', 'toyota', 1)).toBe(1);
    expect(editDistance('xylophone', 'telephone', 2)).toBe(3);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
  });
});

describe('typo keys, swaps and catalogue names of two kinds (issue 17)', () => {
  it('counts a swap of neighbour letters as one edit', () => {
    expect(editDistance('voitrue', 'voiture', 2)).toBe(1);
    expect(editDistance('samsnug', 'samsung', 2)).toBe(1);
    expect(editDistance('xylophone', 'telephone', 2)).toBe(3);
  });

  it('gives a word its keys with up to its budget of letters out', () => {
    expect(deletionKeys('abc', 1).sort()).toEqual(['ab', 'abc', 'ac', 'bc']);
    expect(deletionKeys('سيار', 1)).toContain('سار');
  });

  it('splits a catalogue name into its kinds; an offer keeps the kinds it names', () => {
    expect(catalogueParts('Moutons et chèvres')).toEqual(['Moutons', 'chèvres']);
    expect(catalogueParts('أغنام وماعز')).toEqual(['أغنام', 'ماعز']);
    expect(catalogueParts('الكل في واحد')).toEqual(['الكل في واحد']);
    const labels = ['أغنام وماعز', 'Moutons et chèvres'];
    expect(indexTerms(['ماعز للبيع'], labels).related.split(' ')).not.toContain('mouton');
    expect(indexTerms(['à vendre'], labels).related.split(' ')).toEqual(
      expect.arrayContaining(['mouton', 'chevre']),
    );
  });
});
