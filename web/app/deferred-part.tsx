import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  type ComponentType,
  type JSX,
  type ReactNode,
} from 'react';
import { onFirstInput } from '../lib/first-input';
import { serverMessagesOnlyNow } from '../lib/i18n';

// A part of a page the server rendered that its first view does not need running (below the fold:
// an offer's comments and commands): the browser keeps the server's HTML for it, and fetches its
// code, then hydrates it, when it comes near the screen or at the visitor's first touch, click or
// key (React leaves a Suspense boundary whose code has not arrived as the server wrote it, and
// hydrates it when it comes). Rendered by the browser itself (another page, the offer modal) it is
// fetched at once. docs/performance.md "Home page JavaScript", docs/decisions.md.
// A click inside the part before it is hydrated would be lost (React does not replay a click on a
// part whose code has not arrived): it is held, and given again to the same element once the part
// has hydrated (the server's elements are kept by hydration).

/** How far below the screen a deferred part starts loading. */
const NEAR = '300px 0px';

export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P & { fallback?: ReactNode }) => ReactNode {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let hydrated: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    hydrated = resolve;
  });
  const Lazy = lazy(async () => {
    if (serverMessagesOnlyNow()) {
      onFirstInput(open);
      await opened;
    }
    const Part = await load();
    function Running(props: P & JSX.IntrinsicAttributes) {
      // After the part's first commit: hydrated, its handlers in place.
      useEffect(() => hydrated(), []);
      return <Part {...props} />;
    }
    return { default: Running };
  });
  function DeferredPart({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const node = ref.current;
      if (!node) return;
      let ready = false;
      let held: HTMLElement | null = null;
      const hold = (event: MouseEvent) => {
        if (ready || !(event.target instanceof HTMLElement)) return;
        event.preventDefault();
        event.stopPropagation();
        held = event.target;
        open();
      };
      node.addEventListener('click', hold, true);
      void running.then(() => {
        ready = true;
        node.removeEventListener('click', hold, true);
        if (held?.isConnected) held.click();
      });
      return () => node.removeEventListener('click', hold, true);
    }, []);
    useEffect(() => {
      const node = ref.current;
      if (!node || typeof IntersectionObserver === 'undefined') return open();
      // The wrapper has no box of its own (display: contents): its parent is watched, which stays
      // when React puts the part's fallback in place of the server's HTML (a child would not).
      const target = node.parentElement ?? node;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          open();
        },
        { rootMargin: NEAR },
      );
      observer.observe(target);
      return () => observer.disconnect();
    }, []);
    return (
      <div ref={ref} className="deferred-part">
        <Suspense fallback={fallback}>
          <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </div>
    );
  }
  return DeferredPart;
}
