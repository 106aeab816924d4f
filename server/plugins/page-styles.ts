import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { acceptsBrotli, acceptsGzip } from './compression';
import { escapeHtml } from './page-tags';
import { appendVary } from './vary';

// A page's own stylesheets in one file (issue 31 item 5, LCP). Vite gives each chunk its own CSS,
// so an offer page linked 12 stylesheets from its head: on a phone's HTTP/1.1 connection (6 at
// a time) they came in two rounds before the first paint (Lighthouse: 290 ms of render-blocking
// requests). The page module's stylesheets, in the manifest's order, are now served as one file
// named by their list (`/assets/views/<hash>.css`: the files' names are hashed by content, so the
// list's hash is too, and every process of a server names it alike), beside the template's own
// (the shell's, shared by every page and precached). Each file combined is also named in the head
// by a disabled link: never fetched nor applied, but seen by Vite's preload helper, which then
// does not load again, later in the cascade, rules the page already has.

const PREFIX = '/assets/views/';

interface Bundle {
  css: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface ViewStyles {
  /** The head's tags for a page module's stylesheets (files relative to the web build). */
  linksOf(files: string[]): string;
}

const link = (href: string, disabled = false) =>
  `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}"${disabled ? ' disabled' : ''}>`;

/** Combines lists of stylesheets on first use; the route sends the bundles (gzip or brotli). */
export function viewStyles(app: FastifyInstance, webDir: string): ViewStyles {
  const lists = new Map<string, string[]>();
  const bundles = new Map<string, Bundle>();
  const nameOf = (files: string[]) =>
    crypto.createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);

  const bundleOf = (name: string): Bundle | null => {
    const files = lists.get(name);
    if (!files) return null;
    let bundle = bundles.get(name);
    if (!bundle) {
      const css = Buffer.concat(
        files.map((file) => Buffer.from(`${fs.readFileSync(path.join(webDir, file), 'utf8')}\n`)),
      );
      bundle = {
        css,
        gzip: zlib.gzipSync(css, { level: 9 }),
        br: zlib.brotliCompressSync(css, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
      };
      bundles.set(name, bundle);
    }
    return bundle;
  };

  // A file, not JSON: out of the API's document (contracts.test.ts).
  app.get<{ Params: { file: string } }>(
    `${PREFIX}:file`,
    { schema: { hide: true } },
    (request, reply) => {
      const bundle = bundleOf(request.params.file.replace(/\.css$/, ''));
      if (!bundle) return reply.status(404).send({ errors: { global: ['not_found'] } });
      const [encoding, body] = acceptsBrotli(request)
        ? ['br', bundle.br]
        : acceptsGzip(request)
          ? ['gzip', bundle.gzip]
          : [null, bundle.css];
      appendVary(reply, 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );

  return {
    linksOf(files) {
      if (files.length < 2) return files.map((file) => link(`/${file}`)).join('\n');
      const name = nameOf(files);
      lists.set(name, files);
      return [link(`${PREFIX}${name}.css`), ...files.map((file) => link(`/${file}`, true))].join(
        '\n',
      );
    },
  };
}
