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
  shouldAutoHide,
} from './trust';

const at = new Date('2026-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(at.getTime() - d * 86_400_000).toISOString();

describe('reporter trust and auto-hide', () => {
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
  it('hides after three trusted reporters, never for fresh accounts alone', () => {
    const old = { created_at: daysAgo(30), upheld: 0, dismissed: 0 };
    const fresh = { created_at: daysAgo(0), upheld: 0, dismissed: 0 };
    expect(shouldAutoHide([old, old], at)).toBe(false);
    expect(shouldAutoHide([old, old, old], at)).toBe(true);
    expect(shouldAutoHide(Array(40).fill(fresh), at)).toBe(false);
    expect(shouldAutoHide([old, old, fresh], at)).toBe(false);
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
