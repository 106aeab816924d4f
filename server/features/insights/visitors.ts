import crypto from 'node:crypto';
import type { Executor } from '../../db/types';
import { settingOrCreate } from '../../db/settings.repository';
import { saltKey } from './insights.repository';

// Who counts in insights (docs/insights.md): not robots, not the shop's own staff (checked by the
// service), and a view once per visitor per day without storing who the visitor is.

/**
 * Robots by their user agent: crawlers, link previews (WhatsApp, Facebook, Telegram…), headless
 * browsers, HTTP libraries and monitors. No user agent at all is a robot too.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|scrap|headless|phantom|selenium|puppeteer|playwright|lighthouse|facebookexternalhit|whatsapp|telegram|skype|preview|embedly|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient|http_request|pingdom|uptime|monitor/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

/** Today's UTC day, YYYY-MM-DD (Mauritania keeps UTC all year). */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

// The salt of the day, once read: one look-up per process (and database) per day.
const cached = new WeakMap<Executor, { day: string; salt: string }>();

async function saltOf(db: Executor, day: string): Promise<string> {
  const known = cached.get(db);
  if (known?.day === day) return known.salt;
  const salt = await settingOrCreate(db, saltKey(day), () =>
    crypto.randomBytes(32).toString('base64url'),
  );
  cached.set(db, { day, salt });
  return salt;
}

/**
 * The day's mark of (visitor, offer): an HMAC of the visitor's session cookie (its raw value is
 * stored nowhere: session rows keep its SHA-256) under a random salt of the day. Salt and marks
 * go when the day is over.
 */
export async function viewMark(
  db: Executor,
  day: string,
  sid: string,
  productId: number,
): Promise<string> {
  const salt = await saltOf(db, day);
  return crypto.createHmac('sha256', salt).update(`${sid}:${productId}`).digest('base64url');
}
