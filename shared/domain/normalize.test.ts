import { describe, expect, it } from 'vitest';
import { normalizeSearchText as n } from './normalize';

describe('normalizeSearchText (DESIGN §7)', () => {
  it('lower-cases', () => {
    expect(n('Toyota HILUX')).toBe('toyota hilux');
  });

  it('folds French accents, cedilla and ligatures', () => {
    expect(n('Réfrigérateur à été')).toBe('refrigerateur a ete');
    expect(n('Ça, Noël, maïs, où, île, Ÿ')).toBe('ca, noel, mais, ou, ile, y');
    expect(n('ÉLÈVE Œuvre')).toBe('eleve oeuvre');
    expect(n('cœur')).toBe('coeur');
  });

  it('turns every alef form into a bare alef', () => {
    expect(n('أحمد')).toBe('احمد');
    expect(n('إسلام')).toBe('اسلام');
    expect(n('آلة')).toBe('اله');
    expect(n('ٱلبيت')).toBe('البيت');
  });

  it('turns alef maqsura into yaa', () => {
    expect(n('مستشفى')).toBe('مستشفي');
  });

  it('turns taa marbuta into haa', () => {
    expect(n('سيارة')).toBe('سياره');
  });

  it('turns hamza on waw into waw and hamza on yaa into yaa', () => {
    expect(n('مؤسسة')).toBe('موسسه');
    expect(n('شاطئ')).toBe('شاطي');
    expect(n('رئيس')).toBe('رييس');
  });

  it('removes tashkeel', () => {
    expect(n('سَيَّارَةٌ')).toBe('سياره');
    expect(n('كِتَابٌ مُسْتَعْمَلٌ')).toBe('كتاب مستعمل');
    expect(n('هٰذا')).toBe('هذا');
  });

  it('removes tatweel', () => {
    expect(n('سـيـارة')).toBe('سياره');
    expect(n('جــديــد')).toBe('جديد');
  });

  it('turns Arabic-Indic and Eastern Arabic-Indic digits into 0-9', () => {
    expect(n('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(n('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(n('تويوتا ٢٠١٥')).toBe('تويوتا 2015');
  });

  it('makes every spelling of one word meet', () => {
    const spellings = ['سيارة', 'سياره', 'سَيَّارَة', 'سـيـارة'];
    expect(new Set(spellings.map(n)).size).toBe(1);
    expect(n('Hilux ٢٠١٥')).toBe(n('HILUX 2015'));
  });

  it('collapses whitespace and trims', () => {
    expect(n('  a \n\t b  ')).toBe('a b');
  });

  it('leaves plain text and other letters alone', () => {
    expect(n('abc 123 مرحبا')).toBe('abc 123 مرحبا');
    expect(n('')).toBe('');
  });
});
