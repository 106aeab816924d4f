import type { ShopRole } from '../constants';
import { availableNumber, rentsOut } from './products';
import { numberText } from './numbers';
import { checkRentStart } from './rentals';
import { can, type Viewer } from './permissions';

// SPEC §5's command rules, pure, for the server (which enforces them) and the web form (which
// shows the same errors before sending). A form sends strings; an API client may send numbers.

/** Largest value an integer column holds on both engines (PostgreSQL int4). */
export const INT_MAX = 2_147_483_647;

export const RENT_OFFER_TYPES = ['monthly_rent', 'hourly_rent'] as const;

/** What the rules need to know about the product being ordered and its subcategory. */
export interface CommandTarget {
  number: number;
  sold_count: number;
  price: number | null;
  negotiable: string;
  offer_type: string;
  private: string;
  can_be_counted: string;
  can_be_rented: string;
  can_be_priced: string;
  /** offer or demand: a rent offer's units come back (rentals.ts); absent reads as not one */
  type?: string;
  /** a rent offer's free units now (the product answer's) */
  available_number?: number | null;
}

export interface CommandRules {
  /** number is a quantity to check against the stock; otherwise it is always 1 */
  countable: boolean;
  /** period (months or hours) may be given; otherwise it is always null */
  rentable: boolean;
  /** price is asked; otherwise it is always null */
  priceable: boolean;
  /** the price is the product's own (negotiable 'no'): the form disables the input */
  priceFixed: boolean;
}

export function commandRules(t: CommandTarget): CommandRules {
  const priceable = t.can_be_priced === 'yes';
  return {
    countable: t.can_be_counted === 'yes',
    rentable:
      t.can_be_rented === 'yes' && (RENT_OFFER_TYPES as readonly string[]).includes(t.offer_type),
    priceable,
    priceFixed: priceable && t.negotiable === 'no',
  };
}

export { availableNumber };

/**
 * The most units one command may ask for: the stock left; for a rent offer every unit, since its
 * rents end (whether enough are free over the asked period is the server's check, rentals).
 */
export function orderableNumber(t: CommandTarget): number {
  return rentsOut(t) ? t.number : availableNumber(t);
}

/** SPEC §6: ordering is blocked for a countable product with none left. */
export function canBeOrdered(t: CommandTarget): boolean {
  return !commandRules(t).countable || orderableNumber(t) >= 1;
}

/** SPEC §5: the number input is disabled when only one unit remains. */
export function numberLocked(t: CommandTarget): boolean {
  return commandRules(t).countable && orderableNumber(t) <= 1;
}

/** SPEC §5: total = price × number (if countable) × period (if set); null without a price. */
export function totalPrice(
  command: { price: number | null; number: number; period: number | null },
  rules: Pick<CommandRules, 'countable'>,
): number | null {
  if (command.price === null) return null;
  return command.price * (rules.countable ? command.number : 1) * (command.period ?? 1);
}

/** The total is shown only when it differs from the price (SPEC §5). */
export function showsTotal(
  command: { price: number | null; number: number; period: number | null },
  rules: Pick<CommandRules, 'countable'>,
): boolean {
  const total = totalPrice(command, rules);
  return total !== null && total !== command.price;
}

type Parsed = { absent: true } | { absent: false; value: number | null };

/** A positive integer that fits the column, from a number or a string of digits; null if not. */
function parseCount(raw: unknown): Parsed {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { absent: true };
  }
  let value: number | null = null;
  if (typeof raw === 'number') value = raw;
  // Typed in any digits (issue 35 item 3); still whole: '2.5' is refused, not rounded.
  else if (typeof raw === 'string' && /^\d{1,10}$/.test(numberText(raw)))
    value = Number(numberText(raw));
  const ok = value !== null && Number.isInteger(value) && value >= 1 && value <= INT_MAX;
  return { absent: false, value: ok ? value : null };
}

export interface CommandInput {
  price?: unknown;
  number?: unknown;
  period?: unknown;
  /** a rent's start (rentals.ts: checkRentStart) */
  starts_at?: unknown;
}
export interface CommandValues {
  price: number | null;
  number: number;
  period: number | null;
  starts_at: string | null;
}
export type CommandField = 'price' | 'number' | 'period' | 'starts_at';
export type CommandCheck =
  | { ok: true; value: CommandValues }
  | { ok: false; errors: Partial<Record<CommandField, string[]>> };

/**
 * SPEC §5 for create and edit. Quantity defaults to 1 (SPEC §9); a price left empty on a
 * negotiable product defaults to the product's price; period stays null unless given, and so
 * does a rent's start (issue 32 item 7: null starts at the acceptance).
 */
export function checkCommand(
  input: CommandInput,
  t: CommandTarget,
  now: Date = new Date(),
): CommandCheck {
  const rules = commandRules(t);
  const errors: Partial<Record<CommandField, string[]>> = {};
  const value: CommandValues = { price: null, number: 1, period: null, starts_at: null };

  if (rules.countable) {
    const n = parseCount(input.number);
    if (!n.absent && n.value === null) errors.number = ['bad_input'];
    else {
      value.number = n.absent ? 1 : n.value!;
      if (value.number > orderableNumber(t)) errors.number = ['number_not_available'];
    }
  }

  if (rules.rentable) {
    const p = parseCount(input.period);
    if (!p.absent && p.value === null) errors.period = ['bad_input'];
    else value.period = p.absent ? null : p.value;
    const start = checkRentStart(input.starts_at, now);
    if (start.ok) value.starts_at = start.value;
    else errors.starts_at = [start.error];
  }

  if (rules.priceFixed) value.price = t.price;
  else if (rules.priceable) {
    const p = parseCount(input.price);
    if (!p.absent && p.value === null) errors.price = ['bad_input'];
    else if (p.absent && !(t.price && t.price >= 1)) errors.price = ['required'];
    else value.price = p.absent ? t.price : p.value;
  }

  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}

/** DESIGN §6: a command is private when it says so or when its product does. */
export function isCommandPrivate(
  command: { private: string },
  product: { private: string },
): boolean {
  return command.private === 'yes' || product.private === 'yes';
}

/** Anyone sees a public command; a private one only its author, the shop's managers, site admins. */
export function canSeeCommand(
  viewer: Viewer | null | undefined,
  command: { user_id: number | null; private: string },
  product: { private: string },
  shopRole: ShopRole | null | undefined,
): boolean {
  return !isCommandPrivate(command, product) || can.seePrivateCommand(viewer, command, shopRole);
}
