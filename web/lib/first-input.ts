// Code a page may need once the visitor acts (the rest of the dictionary, the offer modal) is
// fetched at their first touch, click or key, not while the page is starting: on a slow phone
// the start-up is when the main thread is busiest (Lighthouse's Total Blocking Time), and a
// tap leaves a hundred milliseconds or so before its click is handled.

const EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Runs `callback` once, at the first input anywhere on the page (or after `afterMs`, when given,
 * if no input came sooner); returns a cancel function.
 */
export function onFirstInput(callback: () => void, afterMs?: number): () => void {
  const timer = afterMs === undefined ? undefined : setTimeout(run, afterMs);
  const cancel = () => {
    clearTimeout(timer);
    for (const type of EVENTS) removeEventListener(type, run, true);
  };
  function run() {
    cancel();
    callback();
  }
  for (const type of EVENTS) addEventListener(type, run, { capture: true, passive: true });
  return cancel;
}
