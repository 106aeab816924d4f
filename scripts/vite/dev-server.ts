import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The development server's part of vite.config.ts: the web app's files from Vite, the rest (API,
// media, the language switch) from the API server, pages in the visitor's language.

export const api = 'http://localhost:3000';
const webRoot = path.resolve('web');

/** A path that names a source file of the web app (modules, styles, dictionaries, public files). */
export function isWebFile(url: string): boolean {
  const file = path.join(webRoot, decodeURIComponent(url.split('?')[0]));
  return (
    file.startsWith(webRoot + path.sep) &&
    (fs.existsSync(file) || fs.existsSync(path.join(webRoot, 'public', url.split('?')[0])))
  );
}

/**
 * Development only: pages get <html lang dir> as the server would set them (the `lang` cookie, else
 * Accept-Language, else Arabic), so both languages can be worked on behind Vite.
 */
export function pageLanguage(): Plugin {
  return {
    name: 'souq-page-language',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? '/';
        const wantsPage =
          req.method === 'GET' &&
          (req.headers.accept ?? '').includes('text/html') &&
          !url.startsWith('/localisation/') &&
          !isWebFile(url);
        if (!wantsPage) return next();
        const cookie = /(?:^|;\s*)lang=(ar|fr)\b/.exec(req.headers.cookie ?? '')?.[1];
        const accepted = /\b(ar|fr)\b/.exec(req.headers['accept-language'] ?? '')?.[1];
        const lang = cookie ?? accepted ?? 'ar';
        const template = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
        const html = (await server.transformIndexHtml(url, template)).replace(
          /<html[^>]*>/,
          `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
        );
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(html);
      });
    },
  };
}
