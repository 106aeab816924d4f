import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '../../shared/constants';
import type { ViewerState } from '../../shared/schemas/products';
import type { PersonalPart } from './personal';
import type { SharedPart } from './shared-parts';
import type { Me } from './use-me';

// Issue 31 (docs/decisions.md "Signed-in pages from kept parts"): what a page rendered once for
// every signed-in visitor keeps (web/entry-server.tsx's `render` with `keep`), and the plain
// functions `renderParts` renders one visitor's parts of it with.

/** What a render kept for every signed-in visitor needs to render one visitor's parts. */
export interface KeptRender {
  url: string;
  language: Language;
  whole: boolean;
  /** The kept render's seed and clock: the visitor's parts and the browser use the same. */
  seed: number;
  now: number;
  parts: PersonalPart[];
  /** The kept HTML cut at the parts' placeholders, and which part goes after each piece. */
  pieces: string[];
  order: number[];
  /** The page's data as no one sees it, without the signed-in user's (me, unread count). */
  queries: DehydratedState;
  messages: Record<string, string>;
  /** The offers and cards the parts show (the visitor's marks on them are asked), and their shops. */
  items: number[];
  shops: number[];
  /** Its shared parts (lib/shared-parts.tsx) as rendered once, by part and marks (`sharedKey`). */
  shared: Map<string, SharedPart>;
}

/** The placeholders of the visitor's parts (lib/personal.tsx). */
const PLACEHOLDER = /<template data-part="(\d+)"><\/template>/;

/** HTML cut at the placeholders: the pieces between them, and the part of each. */
export function cut(html: string): { pieces: string[]; order: number[] } {
  const split = html.split(new RegExp(PLACEHOLDER.source, 'g'));
  return {
    pieces: split.filter((_, i) => i % 2 === 0),
    order: split.filter((_, i) => i % 2 === 1).map(Number),
  };
}

/** The shop of an offer or a card a part shows. */
export function shopOf(item: { id: number }): number | null {
  const shop = (item as { shop?: { id?: number } }).shop;
  return typeof shop?.id === 'number' ? shop.id : null;
}

/** The page's data with the visitor's marks on its offers and cards, as the API gives it to them. */
export function withMarks(
  state: DehydratedState,
  marks: Record<number, ViewerState>,
): DehydratedState {
  const mark = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mark);
    if (!value || typeof value !== 'object') return value;
    const { id } = value as { id?: unknown };
    return typeof id === 'number' && 'saved' in value && marks[id]
      ? { ...value, ...marks[id] }
      : value;
  };
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, data: mark(query.state.data) },
    })),
  };
}

/**
 * Whether the kept render's parts are all this user sees differently from anyone: not for site
 * staff, nor for the staff of a shop whose offers the page shows (their phone numbers, their
 * actions and moderation notices): those get the page rendered whole.
 */
export function keptFits(me: Me, kept: KeptRender): boolean {
  return me.role === 'user' && !me.shops.some((shop) => kept.shops.includes(shop.id));
}
