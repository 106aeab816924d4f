import { describe, expect, it } from 'vitest';
import {
  findLinks,
  findPhoneNumbers,
  contactVerdict,
  hammingDistance,
  isSamePhoto,
  isTellingPhotoHash,
  photoHashBands,
  hasContactSignal,
  isNewAccount,
  reporterTrust,
} from './trust';

const at = new Date('2026-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(at.getTime() - d * 86_400_000).toISOString();

// When reporters hide an item: shared/domain/report-weight.ts (autoHideVerdict) and its tests.
describe('reporter trust', () => {
  it('weighs account age and upheld reports; distrusts many dismissed ones', () => {
    expect(reporterTrust({ created_at: daysAgo(30), upheld: 0, dismissed: 0 }, at)).toBe(1);
    expect(reporterTrust({ created_at: daysAgo(1), upheld: 0, dismissed: 0 }, at)).toBe(0.25);
    expect(reporterTrust({ created_at: daysAgo(1), upheld: 2, dismissed: 0 }, at)).toBe(1.25);
    expect(reporterTrust({ created_at: daysAgo(30), upheld: 9, dismissed: 0 }, at)).toBe(2);
    expect(reporterTrust({ created_at: daysAgo(30), upheld: 0, dismissed: 3 }, at)).toBe(0);
    // A verified phone (issue 21) weighs more: a new account with one counts half.
    const verified = { upheld: 0, dismissed: 0, phone_verified_at: daysAgo(1) };
    expect(reporterTrust({ ...verified, created_at: daysAgo(1) }, at)).toBe(0.5);
    expect(reporterTrust({ ...verified, created_at: daysAgo(30) }, at)).toBe(1.25);
    // Distrust still wins.
    expect(reporterTrust({ ...verified, created_at: daysAgo(30), dismissed: 3 }, at)).toBe(0);
  });
  it('knows new accounts', () => {
    expect(isNewAccount(daysAgo(2), at)).toBe(true);
    expect(isNewAccount(daysAgo(8), at)).toBe(false);
  });
});

describe('scam signals', () => {
  it('finds phone numbers, Arabic-Indic digits and separators included', () => {
    expect(findPhoneNumbers('اتصل على 22 33 44 55')).toEqual(['22 33 44 55']);
    expect(findPhoneNumbers('اتصل ٤٦٤٥٦٧٨٩')).toEqual(['46456789']);
    expect(findPhoneNumbers('+222 46-45-67-89 svp')).toHaveLength(1);
    expect(findPhoneNumbers('prix 25 000 MRU, modèle 2015')).toEqual([]);
  });
  it('reads Mauritanian numbers however they are written', () => {
    expect(findPhoneNumbers('appelez le 2233.4455')).toEqual(['2233.4455']);
    expect(findPhoneNumbers('tel: 36-12-34-56 ou 44 12 34 56')).toEqual([
      '36-12-34-56',
      '44 12 34 56',
    ]);
    expect(findPhoneNumbers('واتساب +٢٢٢ ٣٦ ١٢ ٣٤ ٥٦')).toEqual(['+222 36 12 34 56']);
    expect(findPhoneNumbers('00222 46456789')).toHaveLength(1);
    expect(findPhoneNumbers('222 46 45 67 89')).toEqual(['222 46 45 67 89']);
    expect(findPhoneNumbers('+33 6 12 34 56 78')).toEqual(['+33 6 12 34 56 78']);
    // A price before the number does not hide it.
    expect(findPhoneNumbers('prix 5000 22334455')).toEqual(['22334455']);
  });
  it('does not take prices, years, references or foreign-looking digits for phones', () => {
    expect(findPhoneNumbers('22 000 000 MRU')).toEqual([]);
    expect(findPhoneNumbers('12 000 000 أوقية')).toEqual([]);
    expect(findPhoneNumbers('modèle 2019-2023')).toEqual([]);
    expect(findPhoneNumbers('IMEI 356938035643809')).toEqual([]);
    expect(findPhoneNumbers('réf 12345678')).toEqual([]);
    expect(findPhoneNumbers('1 500 000')).toEqual([]);
  });
  it('holds a new account’s text with a number or link, and lets the rest pass', () => {
    const fresh = daysAgo(1);
    const old = daysAgo(90);
    expect(contactVerdict(['Hilux 2015', 'appelez 22 33 44 55'], fresh, at)).toBe('hold');
    expect(contactVerdict([null, 'wa.me/22222334455'], fresh, at)).toBe('hold');
    expect(contactVerdict(['appelez 22 33 44 55'], old, at)).toBe('pass');
    expect(contactVerdict(['Hilux 2015, 22 000 000 MRU', null], fresh, at)).toBe('pass');
  });
  it('finds links', () => {
    expect(findLinks('voir https://example.com/x')).toHaveLength(1);
    expect(findLinks('wa.me/22246456789')).toHaveLength(1);
    expect(findLinks('www.arnaque.mr')).toHaveLength(1);
    expect(findLinks('https://api.whatsapp.com/send?phone=22246456789')).toHaveLength(1);
    expect(findLinks('rejoignez chat.whatsapp.com/AbCd')).toHaveLength(1);
    expect(hasContactSignal('Toyota Hilux, très bon état')).toBe(false);
    expect(hasContactSignal(null, 'écrivez sur t.me/vendeur')).toBe(true);
  });
});

// Issue 29 item 11: the check reads what a person reads, however the text is dressed up.
describe('scam signals written around the check', () => {
  const sees = (text: string) => expect(hasContactSignal(text), JSON.stringify(text)).toBe(true);
  it('finds numbers in full-width, mathematical and Arabic-Indic digits', () => {
    sees('appelez ２２３３４４５５');
    sees('appelez 𝟐𝟐𝟑𝟑𝟒𝟒𝟓𝟓');
    sees('appelez 𝟚𝟚 𝟛𝟛 𝟜𝟜 𝟝𝟝');
    sees('اتصل ٢٢٣٣٤٤٥٥');
    sees('اتصل ۲۲۳۳۴۴۵۵');
    sees('+２２２ ２２ ３３ ４４ ５５');
  });
  it('finds numbers with invisible characters between the digits', () => {
    sees('2\u200b2\u200b3\u200b3\u200b4\u200b4\u200b5\u200b5');
    sees('22\u200c33\u200d44\u206055');
    sees('22\u00ad33\ufeff44\u200e55');
    sees('2\u03032\u03033\u03033\u03034\u03034\u03035\u03035'); // combining marks
  });
  it('finds numbers with any separator between the groups', () => {
    for (const text of [
      '22/33/44/55',
      '22_33_44_55',
      '22\u201133\u201144\u201155', // non-breaking hyphens
      '22\u00a033\u00a044\u00a055', // non-breaking spaces
      '22\u202f33\u202f44\u202f55',
      '22 — 33 — 44 — 55',
      '22 - 33 - 44 - 55',
      '22|33|44|55',
      '22\\33\\44\\55',
      '(22) 33.44.55',
      '22·33·44·55',
    ]) {
      sees(`tel ${text}`);
    }
  });
  it('finds addresses spaced out or written around', () => {
    for (const text of [
      'w w w . a r n a q u e . m r',
      'arnaque . com',
      'arnaque [.] com',
      'arnaque(dot)com',
      'arnaque dot com',
      'wa . me / 22233445566',
      'wa.me/ 22233445566',
      't . me / vendeur',
      'https : / / example.org',
      'ｗａ．ｍｅ／２２２３３４４５５６６',
      'wa\u200b.me/22233445566',
      '𝐰𝐰𝐰.𝐚𝐫𝐧𝐚𝐪𝐮𝐞.𝐦𝐫',
    ]) {
      sees(`écrivez ${text}`);
    }
  });
  it('still lets ordinary text pass', () => {
    for (const text of [
      'Voiture propre. Me contacter par le bouton.',
      'Très bon état. Info: pneus neufs.',
      'disponible le 22/03/2024',
      'prix ２５ ０００ MRU, modèle ２０１５',
      'Prix 22\u00a0000\u00a0000 MRU',
      'modèle 2019–2023, 120 000 km',
      'سيارة نظيفة و بحالة جيدة',
      'Hilux 2015, 22 000 000 MRU',
    ]) {
      expect(hasContactSignal(text), text).toBe(false);
    }
  });
});

describe('photo hashes', () => {
  it('cuts 64 bits into five bands that near hashes share', () => {
    expect(photoHashBands('ffffffffffffffff')).toEqual([8191, 8191, 8191, 8191, 4095]);
    expect(photoHashBands('0000000000000000')).toEqual([0, 0, 0, 0, 0]);
    const a = '9f3c5a7e12d48b60';
    // Four bits off, one in each of four bands: the fifth band still agrees.
    const b = (BigInt(`0x${a}`) ^ (1n << 63n) ^ (1n << 50n) ^ (1n << 37n) ^ (1n << 24n))
      .toString(16)
      .padStart(16, '0');
    expect(hammingDistance(a, b)).toBe(4);
    expect(isSamePhoto(a, b)).toBe(true);
    const shared = photoHashBands(a).filter((v, i) => photoHashBands(b)[i] === v);
    expect(shared).toHaveLength(1);
  });
  it('ignores blank hashes and compares the rest', () => {
    expect(isTellingPhotoHash('0000000000000000')).toBe(false);
    expect(isTellingPhotoHash('fffffffffffffff0')).toBe(false);
    expect(isTellingPhotoHash('9f3c5a7e12d48b60')).toBe(true);
    expect(isSamePhoto('9f3c5a7e12d48b60', '603ca57e12d48b9f')).toBe(false);
  });
});
