// A click made outside the islands before the whole app ran is held (web/islands.tsx) and given
// again once it runs, to the same element, only if the app owns it then: rendered or hydrated by
// React. Not an element the app has replaced since (the shop map's still picture, gone at the
// app's first render after hydrating), nor the server's HTML of a part still waiting for its chunk
// (a lazy part's boundary, left as the server sent it), which has no handler of the app's: given
// there, the click would do what the HTML alone does (a link to another tab) or nothing.

/**
 * React marks every node it renders or hydrates with its fiber (a property `__reactFiber$…`, the
 * same since React 17); a node it has not hydrated yet, or never rendered, has none.
 */
export function ownedByApp(element: Element): boolean {
  return element.isConnected && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Gives `element` its click again if the app owns it, one task after the app said it runs: what
 * the app changes at its first render after hydrating (a part only a browser shows, in place of
 * its still picture) is on the page by then. Whether it was given.
 */
export async function giveClickAgain(element: HTMLElement | null): Promise<boolean> {
  if (!element) return false;
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (!ownedByApp(element)) return false;
  element.click();
  return true;
}
