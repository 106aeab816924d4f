import crypto from 'node:crypto';
import { scriptJson } from './json-ld';
import { escapeHtml } from './page-tags';

// The web app's scripts start once the page has been painted (issue 16, docs/performance.md
// "Lighthouse"). A server-rendered page is readable from its HTML and CSS alone; fetched from the
// head, the app's ~50 modules (~170 KiB) would share the phone's connection with the stylesheets
// and the first images, and run before the first paint. The page names its modules in a data
// block (`souq-boot`); this small inline script adds them (preloads, then the entry) once the
// browser reports the first contentful paint (a `paint` entry, given after the frame is shown), or
// at once in a tab that is not shown (it paints nothing). Started on the frame after the first
// paint (`requestAnimationFrame`, still the way of a browser without paint entries), they were
// asked for while that frame was being drawn: Lighthouse then counted their download and their
// run in the first paint (LCP 1.8–1.9 s on home and search; 1.08–1.13 s on every page since,
// docs/performance.md "The scripts after the first paint").
// A page with islands (web/components/island.tsx: the offer's) starts with the islands' entry
// instead (web/islands.tsx, without the router or the page's code): the build writes it and its
// modules in the document template (`souq-islands`, islandsBoot in scripts/vite/first-views.ts), and the script takes those
// when the page's HTML has an island; with those the entry loads later (`later`: the offer's
// islands) when one of its islands is not an offer card's (`card-…`, card-islands.tsx).

/**
 * How long the boot script waits for the first contentful paint at most: a browser that reports
 * paints but never reports this one still starts the app.
 */
const PAINT_WAIT_MS = 10_000;

/** The inline script: the same text on every page, allowed by its hash in the CSP (app.ts). */
export const BOOT_SCRIPT =
  '(function(){var d=document,b=JSON.parse(d.getElementById("souq-boot").textContent),' +
  'i=d.getElementById("souq-islands");if(i&&d.querySelector("[data-island]")){b=JSON.parse(i.textContent);' +
  'if(d.querySelector(\'[data-island]:not([data-island^="card-"])\'))b.modules=b.modules.concat(b.later||[])}' +
  'function add(t,a){var e=d.createElement(t);e.crossOrigin="";for(var k in a)e[k]=a[k];d.head.appendChild(e)}' +
  'var s=0;function start(){if(s)return;s=1;' +
  'b.modules.forEach(function(m){add("link",{rel:"modulepreload",href:m})});' +
  'add("script",{type:"module",src:b.entry})}' +
  'var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;' +
  'if(d.visibilityState==="hidden")start();' +
  'else if(t&&t.indexOf("paint")>=0){new P(function(l,o){' +
  'if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(start,0)}})' +
  '.observe({type:"paint",buffered:true});' +
  'd.addEventListener("visibilitychange",start);setTimeout(start,' +
  String(PAINT_WAIT_MS) +
  ')}' +
  'else requestAnimationFrame(function(){setTimeout(start,0)})})()';

/** The CSP source that allows BOOT_SCRIPT and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${crypto.createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** A JSON data block (not run, so the CSP allows it), with `<`, `>`, `&`, U+2028/9 escaped. */
export function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${escapeHtml(id)}">${scriptJson(value)}</script>`;
}

export interface PageScripts {
  /** The document template without its module script and preloads. */
  template: string;
  /** The app's entry module (the template's `<script type="module" src>`), if it has one. */
  entry: string | null;
  /** The modules the template preloads (what the entry imports), in its order. */
  preloads: string[];
}

/** Takes the module script and its preloads out of the document template (Vite's index.html). */
export function splitTemplate(template: string): PageScripts {
  const script = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(template);
  if (!script) return { template, entry: null, preloads: [] };
  const preloads: string[] = [];
  const rest = template
    .replace(script[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_link, href: string) => {
      preloads.push(href);
      return '';
    });
  return { template: rest, entry: script[1], preloads };
}

/** The end of the page's body: the module list and the script that loads it after the paint. */
export function bootTags(entry: string | null, modules: string[]): string {
  if (!entry) return '';
  return (
    jsonScript('souq-boot', { entry, modules: [...new Set(modules)] }) +
    `<script>${BOOT_SCRIPT}</script>`
  );
}
