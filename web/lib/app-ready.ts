// `<html data-app-ready>`: what a person can touch on the page on screen answers (the browser tests
// wait for it after every page load). The whole app marks it once the page has hydrated
// (web/app/layout/shell.tsx); a first view with islands once every island has (web/islands.tsx).

let running: () => void = () => {};
/** Resolved once the whole app (not only islands) has rendered or hydrated its page. */
export const appRunning = new Promise<void>((resolve) => {
  running = resolve;
});

export function markReady() {
  document.documentElement.dataset.appReady = '';
}

/** The whole app's page is on screen and running. */
export function markAppRunning() {
  markReady();
  running();
}
