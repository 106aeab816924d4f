import { accountAgeDays, NEW_ACCOUNT_DAYS } from './account-trust';
// Trust and safety rules (issue 19, docs/trust.md): pure, no zod, no I/O. The server enforces them;
// the web app reads the same names.

export const REPORT_REASONS = [
  'scam',
  'prohibited',
  'wrong_category',
  'duplicate',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** SPEC's `GET /products/report/add/{id}` carries no reason. */
export const DEFAULT_REPORT_REASON: ReportReason = 'other';
export const REPORT_TEXT_MAX = 1000;

/** What can be reported and moderated (a seller rating since issue 32 item 5). */
export const MODERATED_TYPES = ['product', 'comment', 'command', 'rating'] as const;
export type ModeratedType = (typeof MODERATED_TYPES)[number];

/**
 * An item's moderation state: `visible`; `review` held until a moderator looks (auto-hidden by
 * reports, or held as a new account's text with a phone number or link); `hidden` by a moderator;
 * `banned`: an offer hidden because its author is banned (unbanning shows it again).
 */
export const MODERATION_STATUSES = ['visible', 'review', 'hidden', 'banned'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
/** Why an item is in the queue without (or besides) reports. */
export const MODERATION_FLAGS = ['contact_in_text', 'duplicate_photo'] as const;
export type ModerationFlag = (typeof MODERATION_FLAGS)[number];
export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** A report's fate: open until a moderator acts; upheld by hide or delete, dismissed otherwise. */
export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Queue filters: `open` = waiting for a moderator (reported, held or flagged). */
export const MODERATION_QUEUE_FILTERS = ['open', 'review', 'hidden', 'all'] as const;
export const MODERATION_QUEUE_SORTS = ['newest', 'most_reported'] as const;

/**
 * Reporter trust. An account younger than TRUSTED_ACCOUNT_AGE_DAYS weighs NEW_REPORTER_WEIGHT;
 * an older one 1; each past report a moderator upheld adds UPHELD_REPORT_BONUS (up to
 * UPHELD_BONUS_MAX); an account whose dismissed reports outnumber its upheld ones by
 * DISMISSED_EXCESS_DISTRUST or more weighs 0. A verified phone (issue 21) adds
 * `verifiedPhoneBonus`: a new account with a proved number weighs 0.5 instead of 0.25, so one
 * upheld report makes it a trusted reporter (an unproved one needs two).
 */
export const REPORTER_TRUST = {
  trustedAccountAgeDays: 7,
  newReporterWeight: 0.25,
  upheldReportBonus: 0.5,
  upheldBonusMax: 1,
  dismissedExcessDistrust: 3,
  verifiedPhoneBonus: 0.25,
} as const;

/**
 * Auto-hide: an item is held for review once at least `minTrustedReporters` distinct trusted
 * reporters (trust of at least `trustedMin`) have reported it. Three established accounts suffice;
 * fresh accounts alone never do, however many (they still fill the queue for moderators).
 */
export const AUTO_HIDE = { minTrustedReporters: 3, trustedMin: 1 } as const;

/** Two images whose perceptual hashes differ in at most this many of 64 bits are the same photo. */
export const PHOTO_HASH_MAX_DISTANCE = 4;

/** New accounts (scam signals, issue 19 item 4): the one rule of shared/domain/account-trust.ts. */
export function isNewAccount(createdAt: string, at: Date = new Date()): boolean {
  return accountAgeDays(createdAt, at.getTime()) < NEW_ACCOUNT_DAYS;
}

export interface ReporterRecord {
  created_at: string;
  upheld: number;
  dismissed: number;
  /** When phone_1 was proved by a code (issue 21); absent or null: not verified. */
  phone_verified_at?: string | null;
}

export function reporterTrust(r: ReporterRecord, at: Date = new Date()): number {
  const t = REPORTER_TRUST;
  if (r.dismissed - r.upheld >= t.dismissedExcessDistrust) return 0;
  const base =
    accountAgeDays(r.created_at, at.getTime()) >= t.trustedAccountAgeDays ? 1 : t.newReporterWeight;
  const verified = r.phone_verified_at ? t.verifiedPhoneBonus : 0;
  return base + verified + Math.min(r.upheld * t.upheldReportBonus, t.upheldBonusMax);
}

// Scam signals: phone numbers and links in free text.

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;
function westernDigits(text: string): string {
  return text.replace(ARABIC_INDIC, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * Characters that show nothing (or nothing of their own) between the digits or letters of a
 * number or address: format characters (zero-width space and joiners, soft hyphen, direction
 * marks, word joiner, BOM), Hangul fillers, variation selectors and combining marks.
 */
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0]/gu;

/**
 * The text the contact check reads (issue 29 item 11): compatibility forms as their plain
 * characters (NFKC: full-width and mathematical digits and letters, non-breaking spaces and
 * hyphens), invisible characters removed, Arabic-Indic and Persian digits as Latin ones. What a
 * reader sees as a number or an address is one here too.
 */
export function contactText(text: string): string {
  return westernDigits(text.normalize('NFKC').replace(INVISIBLE, ''));
}

/** What may stand between the digit groups of a number: spaces, dashes, dots, slashes, … */
const SEPARATOR = String.raw`[\s\p{Pd}._/\\|·•()]`;
/**
 * A run of digits with separators between its groups (several in a row count as one), and an
 * optional leading +: where phone numbers are looked for (the groups are then read by
 * `phonesInRun`).
 */
const DIGIT_RUN = new RegExp(String.raw`\+?\d+(?:${SEPARATOR}+\d+)*`, 'gu');
/** Web addresses, bare domains of common endings, and WhatsApp and Telegram links. */
const TLD = '(?:com|net|org|me|io|mr|fr|info|link|xyz|ly|gl|co)';
const LINK = new RegExp(
  String.raw`\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.${TLD}\b(?:\/\S*)?|\bwa\.me\/\S+|\bt\.me\/\S+`,
  'gi',
);

/**
 * An address written out of shape joined up again: letters spaced out ("w w w"), a space before
 * its dots ("site . com"; not "voiture. Me contacter", a sentence's end), spaces around slashes
 * and "://", dots written "[.]", "(dot)" or " dot " before an ending.
 */
function joinedAddresses(text: string): string {
  return text
    .replace(/(?<![\p{L}\p{N}])(?:[\p{L}\p{N}] ){2,}[\p{L}\p{N}](?![\p{L}\p{N}])/gu, (run) =>
      run.replace(/ /g, ''),
    )
    .replace(/\s*[[({]\s*(?:\.|dot|point)\s*[\])}]\s*/giu, '.')
    .replace(new RegExp(String.raw`\s+dot\s+(?=${TLD}\b)`, 'gi'), '.')
    .replace(/\s*:\s*\/\s*\/\s*/g, '://')
    .replace(/([\p{L}\p{N}])\s+\.\s*(?=[\p{L}\p{N}])/gu, '$1.')
    .replace(/([\p{L}\p{N}.])\s*\/\s*(?=[\p{L}\p{N}])/gu, '$1/');
}

const MR_NUMBER = /^[234]\d{7}$/;
const YEAR = /^(?:19|20)\d\d$/;

/** Day, month and year ("22/03/2024", "1.12.2023"): a date, not a number. */
function isDate(groups: string[]): boolean {
  if (groups.length !== 3) return false;
  const [day, month, year] = groups as [string, string, string];
  return (
    day.length <= 2 &&
    +day >= 1 &&
    +day <= 31 &&
    month.length <= 2 &&
    +month >= 1 &&
    +month <= 12 &&
    YEAR.test(year)
  );
}

/**
 * Whether these digit groups are one phone number: a Mauritanian one (8 digits starting with 2,
 * 3 or 4; with +222 or 00222 in front, or 222 alone), or any number written with + or 00 in
 * front (8 to 15 digits). Not a price grouped in thousands ("22 000 000"), two years
 * ("2019-2023") nor a date ("22/03/2024").
 */
function isPhone(groups: string[], plus: boolean): boolean {
  const digits = groups.join('');
  if (plus || digits.startsWith('00')) {
    const rest = plus ? digits : digits.slice(2);
    if (rest.startsWith('222')) return MR_NUMBER.test(rest.slice(3));
    return rest.length >= 8 && rest.length <= 15;
  }
  if (digits.length === 11 && digits.startsWith('222')) return MR_NUMBER.test(digits.slice(3));
  if (!MR_NUMBER.test(digits)) return false;
  const thousands =
    groups.length > 1 && groups[0]!.length <= 3 && groups.slice(1).every((g) => g.length === 3);
  const years = groups.length === 2 && groups.every((g) => YEAR.test(g));
  return !thousands && !years && !isDate(groups);
}

/** The phone numbers within one run of digit groups ("prix 5000 22 33 44 55" has one). */
function phonesInRun(run: string): string[] {
  const groups = [...run.matchAll(/\d+/g)];
  const found: string[] = [];
  let i = 0;
  while (i < groups.length) {
    let end = -1;
    let length = 0;
    for (let j = i; j < groups.length && length < 16; j += 1) {
      length += groups[j]![0].length;
      const plus = i === 0 && run.startsWith('+');
      if (
        isPhone(
          groups.slice(i, j + 1).map((g) => g[0]),
          plus,
        )
      )
        end = j;
    }
    if (end < 0) {
      i += 1;
      continue;
    }
    const from = i === 0 && run.startsWith('+') ? 0 : groups[i]!.index!;
    found.push(run.slice(from, groups[end]!.index! + groups[end]![0].length));
    i = end + 1;
  }
  return found;
}

/**
 * Phone numbers in free text (issue 19 item 4), in Latin, Arabic-Indic, full-width or
 * mathematical digits, with spaces, dots, dashes, slashes or underscores and invisible characters
 * between: "22 33 44 55", "٤٦٤٥٦٧٨٩", "+222 46-45-67-89", "22/33/44/55", "0033 6 12 34 56 78"
 * (as read by contactText). Prices ("25 000", "12 000 000"), years, dates and other short numbers
 * are not.
 */
export function findPhoneNumbers(text: string): string[] {
  return (contactText(text).match(DIGIT_RUN) ?? []).flatMap(phonesInRun);
}

/** Links and bare domains, however written out (contactText, then joinedAddresses). */
export function findLinks(text: string): string[] {
  return joinedAddresses(contactText(text)).match(LINK) ?? [];
}

/** Whether free text carries a way to take the deal off the site (phone number or link). */
export function hasContactSignal(...texts: (string | null | undefined)[]): boolean {
  return texts.some((t) => !!t && (findPhoneNumbers(t).length > 0 || findLinks(t).length > 0));
}

/**
 * What becomes of a text with a phone number or a link (issue 19 item 4; docs/trust.md): from a
 * new account it is held for review (hidden from others until a moderator restores it) and
 * flagged `contact_in_text`; from an established account it passes, since its numbers are the
 * seller's own, revealed on tap. Text without either always passes.
 */
export function contactVerdict(
  texts: (string | null | undefined)[],
  authorCreatedAt: string,
  at: Date = new Date(),
): 'pass' | 'hold' {
  return hasContactSignal(...texts) && isNewAccount(authorCreatedAt, at) ? 'hold' : 'pass';
}

/**
 * The bands a 64-bit photo hash is cut into to find near copies through an index: PHOTO_HASH_BANDS
 * bands (13, 13, 13, 13 and 12 bits), one more than PHOTO_HASH_MAX_DISTANCE, so two hashes within
 * that distance agree on at least one whole band (pigeonhole). Each band is a small integer.
 */
export const PHOTO_HASH_BANDS = PHOTO_HASH_MAX_DISTANCE + 1;
export function photoHashBands(hex: string): number[] {
  const bits = BigInt(`0x${hex}`);
  const bands: number[] = [];
  let shift = 64n;
  for (let band = 0; band < PHOTO_HASH_BANDS; band += 1) {
    const width = BigInt(Math.ceil(Number(shift) / (PHOTO_HASH_BANDS - band)));
    shift -= width;
    bands.push(Number((bits >> shift) & ((1n << width) - 1n)));
  }
  return bands;
}

/**
 * Whether a hash says anything about its photo: a blank or evenly shaded picture (a plain
 * background, a gradient with a few soft shapes like the demo pictures) hashes to mostly zeros or
 * mostly ones, and every such picture would look like every other. At least PHOTO_HASH_MIN_BITS
 * of the 64 bits must differ from the rest (the 101 demo pictures had 6 to 22 bits set, and 46
 * offers were flagged at 8; at 16, two).
 */
export const PHOTO_HASH_MIN_BITS = 16;
export function isTellingPhotoHash(hex: string): boolean {
  const ones = hammingDistance(hex, '0'.repeat(hex.length));
  return ones >= PHOTO_HASH_MIN_BITS && ones <= hex.length * 4 - PHOTO_HASH_MIN_BITS;
}

/** Two photos are the same one (re-encoded, resized) when their hashes are this close. */
export function isSamePhoto(a: string, b: string): boolean {
  return hammingDistance(a, b) <= PHOTO_HASH_MAX_DISTANCE;
}

/** Bits that differ between two hex perceptual hashes of equal length. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let bits = 0;
  for (let i = 0; i < a.length; i += 1) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}
