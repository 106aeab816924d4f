// Back and Forward between history entries of one address that the router must not hear of
// (issue 35 item 9): the full-screen photo viewer's entry sits over an offer modal's, whose address
// (the offer's page) the router never took for its own (features/products/…/offer-history.ts).
// The router reads the address on every `popstate`; a handler here runs before it — the page
// installs this listener before the router exists, and listeners of one event run in the order
// they were added — and, by returning true, keeps the event from it.

/** Answers a `popstate`; true when it was the handler's own and nobody else is to hear of it. */
export type PopHandler = (event: PopStateEvent) => boolean;

const handlers = new Set<PopHandler>();
let installed = false;

/** Listens before anyone else (web/main.tsx calls it before the app renders). */
export function installHistoryGuard(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('popstate', (event) => {
    // The latest first: a viewer opened over a modal answers before the modal.
    for (const handler of [...handlers].reverse()) {
      if (handler(event)) {
        event.stopImmediatePropagation();
        return;
      }
    }
  });
}

/** Adds a handler that runs before the router's own; returns the way to remove it. */
export function beforeRouterPop(handler: PopHandler): () => void {
  installHistoryGuard();
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}
