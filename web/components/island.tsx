import type { ComponentType, ReactNode } from 'react';

// Islands (docs/decisions.md "Islands on the offer page"): the parts of a server-rendered page a
// person can touch. The page renders them as always, each inside the element the page had there
// (`className`), which names the part and carries its props as JSON beside its HTML. On a first
// view of such a page, web/islands.tsx hydrates each of them alone, with a root of its own, and
// leaves the rest of the server's HTML as it is; the whole app renders the same element and part.

/** The islands of a page, by name: the component each name hydrates. */
export type IslandComponents = Record<string, (props: never) => ReactNode>;

/** The props of a function component. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never;

export function Island<R extends IslandComponents, N extends keyof R & string>({
  of,
  name,
  props,
  className,
}: {
  of: R;
  name: N;
  /** Plain data only (JSON): what the part is rendered from, in the page and in its island. */
  props: PropsOf<R[N]>;
  className?: string;
}) {
  // Typed by `of` and `name` above; the element only needs a component of some props.
  const Part = of[name] as unknown as ComponentType<object>;
  return (
    <div className={className} data-island={name} data-props={JSON.stringify(props)}>
      <Part {...(props as object)} />
    </div>
  );
}
