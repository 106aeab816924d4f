import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '../../shared/constants';
import type { FormState } from '../../shared/domain/forms';
import type { ViewerState } from '../../shared/schemas/products';
import { jsonScript } from './page-boot';
import type { ViewStyles } from './page-styles';

// Server rendering (DESIGN §11, docs/decisions.md "Server rendering"): the web app's own render
// function (web/entry-server.tsx, built by Vite into dist/ssr/) turns an address into the page's
// HTML, its data read from the services as the visitor (page-data.ts). This module finds that
// function and links what the page's chunk needs from the build.

/** An answer to the page's request as its client reads it (web/lib/http.ts's TransportAnswer). */
export interface TransportAnswer {
  status: number;
  text(): Promise<string>;
}
type Transport = (url: string, init: RequestInit) => Promise<TransportAnswer>;

/** What web/entry-server.tsx exports (the server does not import web code: only its shape). */
export type PageRenderer = ((options: {
  url: string;
  language: Language;
  transport: Transport;
  /** The visitor's XSRF token for the page's forms, and the form posted without scripts. */
  form: FormState;
  onError?: (error: unknown) => void;
  /** The render to keep for signed-in visitors (`transport` answers as no one): see `kept`. */
  keep?: boolean;
}) => Promise<{
  status: number;
  redirect: string | null;
  module: string;
  wholeDictionary: boolean;
  state: unknown;
  html: string;
  /** With `keep`, on a page kept for signed-in visitors: what `parts` renders each one's parts from. */
  kept: KeptRender | null;
}>) & {
  /** Whether a signed-in visitor's page at `url` can come from a kept render. */
  keeps(url: string): boolean;
  /**
   * One signed-in visitor's page from a kept render: its HTML (#root's content) and data, and how
   * many of their parts were rendered for another visitor before, and the bytes of the parts it
   * kept for others (`keptBytes`, counted in the page cache); or null when the kept render does
   * not fit them (site staff, the staff of a shop it shows).
   */
  parts(
    kept: KeptRender,
    visitor: {
      transport: Transport;
      form: FormState;
      marks: Record<number, ViewerState>;
      onError?: (error: unknown) => void;
    },
  ): Promise<{ html: string; state: unknown; reused: number; keptBytes: number } | null>;
};

/** A render kept for signed-in visitors (opaque here), and the offers its parts show. */
export interface KeptRender {
  items: number[];
}

/** The built renderer beside the built web app (dist/ssr beside dist/web), if there is one. */
export async function loadRenderer(webDir: string): Promise<PageRenderer | null> {
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { render: PageRenderer };
  return module.render;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** What a page module needs beside the entry: its stylesheet links, and the modules to preload. */
export interface PageAssets {
  css: string;
  modules: string[];
}

/**
 * Per page module, the stylesheets of its chunk and of the chunks it imports (linked from the
 * head, as one file: page-styles.ts; the page's own styles are in place when its HTML shows, with
 * or without JavaScript), and those chunks' files, which the app's script preloads with the entry
 * (page-boot.ts), all from the build's manifest, leaving out what the entry already loads. Every
 * module's are named at once, so that this process serves the stylesheets another one linked.
 */
export function pageAssets(webDir: string, styles: ViewStyles): (module: string) => PageAssets {
  const file = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => ({ css: '', modules: [] });
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = entry ? closure(entry) : new Set<string>();
  const cache = new Map<string, PageAssets>();
  for (const module of Object.keys(manifest)) {
    const chunks = [...closure(module)].filter((key) => !loaded.has(key));
    cache.set(module, {
      css: styles.linksOf([...new Set(chunks.flatMap((key) => manifest[key].css ?? []))]),
      modules: chunks.map((key) => `/${manifest[key].file}`),
    });
  }
  return (module) => cache.get(module) ?? { css: '', modules: [] };
}

/** The page's data without the visitor's form (XSRF token): the same for every visitor. */
export function withoutForm(state: unknown): unknown {
  const { server, ...rest } = state as { server: Record<string, unknown> };
  return { ...rest, server: { ...server, form: undefined } };
}

/** The page's data for the browser: JSON in a data block (not run, so the CSP allows it). */
export function stateScript(state: unknown): string {
  return jsonScript('souq-state', state);
}
