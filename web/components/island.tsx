import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useServerRender } from '../lib/render-seed';

// Islands (docs/decisions.md "Islands on the offer page"): the parts of a server-rendered page a
// person can touch. The page renders them as always, each inside the element the page had there
// (`className`), which names the part and carries its props as JSON beside its HTML. On a first
// view of such a page, web/islands.tsx hydrates each of them alone, with a root of its own, and
// leaves the rest of the server's HTML as it is; the whole app renders the same element and part.
// When the whole app then hydrates that page, the islands keep running (what a visitor did in
// them stays as it is): the app leaves their elements' content to them, gives an island its new
// props when the page's data changes, and unmounts an island when it removes its element.

/** The islands of a page, by name: the component each name hydrates. */
export type IslandComponents = Record<string, (props: never) => ReactNode>;

/** The props of a function component. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never;

/** An island running on a root of its own (web/islands.tsx): how to stop it, and give it new props. */
interface RunningIsland {
  unmount: () => void;
  update?: (props: object) => void;
}

/** Islands running on roots of their own, by their element. */
const running = new Map<Element, RunningIsland>();

/** Called by web/islands.tsx for each island it hydrated. */
export function islandRunning(
  element: Element,
  unmount: () => void,
  update?: (props: object) => void,
) {
  running.set(element, { unmount, update });
}

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
  const element = useRef<HTMLDivElement>(null);
  // Hydrating the server's page where the islands already run: their element is theirs.
  const [kept] = useState(useServerRender() !== null && running.size > 0);
  useEffect(() => {
    const node = element.current;
    if (!kept || !node) return;
    return () => {
      // After React's commit, once the element has left the page (not a remount in place).
      setTimeout(() => {
        const island = running.get(node);
        if (!island || node.isConnected) return;
        running.delete(node);
        island.unmount();
      });
    };
  }, [kept]);
  const json = JSON.stringify(props);
  // The app's newer data for a kept island (a list read again after the offer's modal closed).
  const given = useRef(json);
  useEffect(() => {
    const node = element.current;
    if (!kept || !node || given.current === json) return;
    given.current = json;
    running.get(node)?.update?.(JSON.parse(json) as object);
  }, [kept, json]);
  const attributes = { className, 'data-island': name, 'data-props': json };
  // An element whose content React leaves as it is (an inner HTML it never changes, and does not
  // compare with the island's while hydrating).
  if (kept) {
    return (
      <div
        ref={element}
        {...attributes}
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
    );
  }
  // Typed by `of` and `name` above; the element only needs a component of some props.
  const Part = of[name] as unknown as ComponentType<object>;
  return (
    <div {...attributes}>
      <Part {...(props as object)} />
    </div>
  );
}
