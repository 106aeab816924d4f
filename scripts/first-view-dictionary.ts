import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_TREE } from '../server/features/catalog/seed/tree';

// The build splits each language's dictionary in two (vite.config.ts, docs/performance.md): what
// the first view needs — the app's shell and the home page — comes with the page; the rest is
// loaded before any other page, any part loaded later (`afterDictionary`, web/lib/i18n.ts) or at
// the visitor's first touch or key. A key is the first view's when:
// - it is written (as `'key'`, or its plural's base) in a source file the shell or the home page
//   imports statically, or starts like a key built there (`tab_${…}`);
// - it is an error message (the errors area: the server may send any of them);
// - it names a category or subcategory of SPEC §3's tree (the home lists them by name).

/** The shell's and the home page's modules start from these (relative to the repository). */
export const FIRST_VIEW_ENTRIES = ['web/main.tsx', 'web/app/pages/home-page.tsx'];

/**
 * The source files that `file` imports, directly or not, with static imports (not `import()`, not
 * types), found by reading them.
 */
export function staticImports(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  const code = fs.readFileSync(file, 'utf8');
  const specifiers = code.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm);
  for (const [, specifier] of specifiers) {
    const base = path.resolve(path.dirname(file), specifier);
    const source = [base, `${base}.ts`, `${base}.tsx`].find(
      (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate),
    );
    if (source) staticImports(source, found);
  }
  return found;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Whether a dictionary key (of `area`) belongs to the first view's part. */
export function firstViewKeys(root = process.cwd()): (key: string, area: string) => boolean {
  const files = new Set<string>();
  for (const entry of FIRST_VIEW_ENTRIES) staticImports(path.resolve(root, entry), files);
  const strings = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8');
    for (const pattern of [/'([^'\n]*)'/g, /"([^"\n]*)"/g, /`([^`]*)`/g]) {
      for (const [, text] of code.matchAll(pattern)) {
        strings.add(text);
        const prefix = /^(\w+)\$\{/.exec(text)?.[1];
        if (prefix) prefixes.add(prefix);
      }
    }
  }
  const catalog = new Set(
    CATALOG_TREE.flatMap((c) => [c.name, ...c.subcategories.map((s) => s.name)]),
  );
  return (key, area) =>
    area === 'errors' ||
    strings.has(key) ||
    strings.has(key.replace(PLURAL, '')) ||
    catalog.has(key) ||
    [...prefixes].some((prefix) => key.startsWith(prefix));
}
