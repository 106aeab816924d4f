import type { ViewerState } from '../../shared/schemas/products';

// Issue 31: the parts a signed-in visitor's page shares with every visitor who has the same marks
// on its offer (`Personal shared`, lib/personal.tsx), rendered once per kept render and marks
// (web/entry-server.tsx's renderParts), with the messages each showed: a page that hands its
// messages to the browser lists those of the parts it did not render again.

/** A shared part as rendered once: its HTML, and the messages it showed. */
export interface SharedPart {
  html: string;
  messages: Record<string, string>;
}

/** At most this many shared parts kept with one kept render (a few marks on each card). */
export const SHARED_PARTS_KEPT = 256;

/**
 * Where a shared part is kept: the part's place in the kept render, and the visitor's marks, all
 * of them (the server makes them in one order: products.mapper.ts's viewerStateOf).
 */
export const sharedKey = (index: number, marks: ViewerState | undefined) =>
  `${index} ${JSON.stringify(marks ?? null)}`;

/** About the bytes a kept shared part holds (UTF-16 text, twice its length): its key, HTML, messages. */
export function sharedPartBytes(key: string, part: SharedPart): number {
  let length = key.length + part.html.length;
  for (const name in part.messages) length += name.length + part.messages[name].length;
  return length * 2;
}

/**
 * The messages of one render of several parts, told apart by part: `used` records into
 * `messages` (createI18n's record) and into the part being rendered, which `Begin`, rendered at
 * the head of each part, names. A synchronous render only (renderToString renders in order).
 */
export function messagesByPart(messages: Record<string, string>) {
  const byPart = new Map<number, Record<string, string>>();
  let current: Record<string, string> | null = null;
  const used = new Proxy(messages, {
    set(target, key, value: string) {
      if (typeof key === 'string') {
        target[key] = value;
        if (current) current[key] = value;
      }
      return true;
    },
  });
  function Begin({ index }: { index: number }) {
    current = {};
    byPart.set(index, current);
    return null;
  }
  return { used, byPart, Begin };
}
