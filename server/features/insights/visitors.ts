import crypto from 'node:crypto';
import type { Executor } from '../../db/types';
import { settingOrCreate } from '../../db/settings.repository';
import { EVENT_VISITORS_PER_ADDRESS } from '../../../shared/constants';
import { addViewMark, existingMarks, saltKey } from './insights.repository';

// Who counts in insights (docs/insights.md): not robots, not the shop's own staff (checked by the
// service), and each event once per visitor per day without storing who the visitor is.

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

/** Who did something, as far as telling them apart goes (routes make it: insights.routes.ts). */
export interface VisitorKeys {
  /** `u:<user id>` when signed in (one person, any device), else `s:<session cookie>`. */
  id: string;
  /** The limit key of the client's address (docs/insights.md). */
  address: string;
}

/**
 * Issue 29 item 9: true when this is the event's first count today for this visitor, and the
 * visitor's address key has not yet given `EVENT_VISITORS_PER_ADDRESS` of them. `subject` names
 * what is counted (`view:p12`, `phone:s3`…). Marks are keyed hashes under the salt of the day (the
 * session cookie and the address are stored nowhere): one per visitor, and one per "slot" of the
 * address. A visitor already counted, or an address whose slots are all taken, writes nothing, so a
 * day holds at most 2 × EVENT_VISITORS_PER_ADDRESS marks per (subject, address): rows stay bounded
 * whatever a script sends, and the housekeeping deletes them with the day.
 */
export async function firstOfDay(
  db: Executor,
  day: string,
  subject: string,
  visitor: VisitorKeys,
): Promise<boolean> {
  const salt = await saltOf(db, day);
  const mac = (text: string) => crypto.createHmac('sha256', salt).update(text).digest('base64url');
  const own = mac(`v:${subject}:${visitor.id}`);
  const slots = Array.from({ length: EVENT_VISITORS_PER_ADDRESS }, (_, i) =>
    mac(`a:${subject}:${visitor.address}:${i}`),
  );
  const taken = await existingMarks(db, day, [own, ...slots]);
  const free = slots.filter((slot) => !taken.has(slot));
  if (taken.has(own) || free.length === 0) return false;
  // The visitor's mark first: two requests of one visitor at once count once.
  if (!(await addViewMark(db, day, own))) return false;
  for (const slot of free) {
    if (await addViewMark(db, day, slot)) return true;
  }
  return false;
}
