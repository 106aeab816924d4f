import { createContext, useContext, type ReactNode } from 'react';

// Issue 31 (docs/decisions.md "Signed-in pages from kept parts"): a signed-in visitor's page is
// sent from a render kept for every visitor, with the parts that show the visitor's own data
// (who is signed in, their marks on an offer, their forms) rendered for them alone. Such a part is
// a `Personal`: in the browser and in a whole render it is its content; in the kept render
// (web/entry-server.tsx) it is a placeholder, and its content is rendered per visitor and put in
// its place.
// Its content must get the visitor's data from hooks (useMe…) or from `item` (an offer or a card,
// which the per-visitor render gives with the visitor's own marks): never from a value computed
// outside it from the visitor. Its HTML must not hold an id from useId (the part renders apart from
// the page, where useId would give another) and must begin and end with an element or be empty.

/** A part of a page with the visitor's own data, and the offer or card it shows, if any. */
export interface PersonalPart {
  item: { id: number } | null;
  render: (item: never) => ReactNode;
  /** Its HTML is the same for every visitor with the same marks on `item`, if any (see `Personal`). */
  shared: boolean;
}

/** The kept render's parts, in the order they were met (null: a page rendered whole). */
const PartsContext = createContext<PersonalPart[] | null>(null);
export const PersonalPartsProvider = PartsContext.Provider;

/**
 * The visitor's own part of the page: see above. `shared`: the part shows nothing of the visitor
 * but their marks on `item` (if it has one) and that a plain user is signed in (no staff, not the
 * offer's shop: those get the page rendered whole), so its HTML is rendered once for every visitor
 * with the same marks on it (web/entry-server.tsx). It must then read no other data of the
 * visitor's (their name, unread count, form token, other offers' marks); pages-fragments.test.ts
 * compares such pages with the page rendered whole for each visitor.
 */
export function Personal<T extends { id: number }>(
  props:
    | { item: T; children: (item: T) => ReactNode; shared?: boolean }
    | { item?: undefined; children: ReactNode; shared?: boolean },
) {
  const parts = useContext(PartsContext);
  const render = (item: T | undefined) =>
    typeof props.children === 'function' ? props.children(item as T) : props.children;
  if (!parts) return render(props.item);
  const index =
    parts.push({
      item: props.item ?? null,
      render: render as (item: never) => ReactNode,
      shared: !!props.shared,
    }) - 1;
  // web/entry-server.tsx cuts the kept render's HTML at these.
  return <template data-part={index} />;
}
