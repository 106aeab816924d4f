import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_TREE } from '../server/features/catalog/seed/tree';

// The build splits each language's dictionary in two (scripts/vite/first-views.ts, docs/performance.md): what
// the first view needs — the app's shell and the home page — comes with the page; the rest is
// loaded before any other page, any part loaded later (`afterDictionary`, web/lib/i18n.ts), any
// API error (web/lib/http.ts: the server's message keys are in any area), or at the visitor's first
// touch or key. A key is the first view's when:
// - it is written (as `'key'`, or its plural's base) in a source file the shell or the home page
//   imports statically, or starts like a key built there (`tab_${…}`);
// - it names a category or subcategory of SPEC §3's tree (the home lists them by name).

/** The shell's and the home page's modules start from these (relative to the repository). */
export const FIRST_VIEW_ENTRIES = ['web/main.tsx', 'web/app/pages/home-page.tsx'];

function resolveSource(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate),
  );
}

/** The names of `{ a, b as c, type d }` (their exported side: a, b), without the types. */
function namesOf(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]);
}

const IMPORT = /^import\s+(?!type\b)([^;]*?)\s+from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm;
const RE_EXPORT = /^export\s+(?!type\b)(\*|\{[^}]*\})\s+from\s+'(\.[^']+)'/gm;

/**
 * The source files that `file` imports, directly or not, with static imports (not `import()`, not
 * types), found by reading them. Through a module that re-exports others (a feature's index.ts),
 * only the modules of the names imported are followed.
 */
export function staticImports(
  file: string,
  found = new Set<string>(),
  names: string[] | null = null,
  seen = new Map<string, Set<string>>(),
): Set<string> {
  const first = !seen.has(file);
  const done = seen.get(file) ?? new Set<string>();
  seen.set(file, done);
  const wanted = names === null ? ['*'] : names;
  const fresh = done.has('*') ? [] : wanted.filter((name) => !done.has(name));
  if (!first && !fresh.length) return found;
  for (const name of fresh) done.add(name);
  found.add(file);
  const code = fs.readFileSync(file, 'utf8');
  if (first) {
    for (const [, clause, from, bare] of code.matchAll(IMPORT)) {
      const source = resolveSource(file, from ?? bare);
      if (!source) continue;
      const named = clause && /^\{[^}]*\}$/.exec(clause.trim());
      staticImports(source, found, named ? namesOf(named[0].slice(1, -1)) : null, seen);
    }
  }
  const all = fresh.includes('*');
  for (const [, what, from] of code.matchAll(RE_EXPORT)) {
    const source = resolveSource(file, from);
    if (!source) continue;
    if (what === '*') {
      staticImports(source, found, all ? null : fresh, seen);
      continue;
    }
    const pairs = what
      .slice(1, -1)
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => {
        const [local, exported = local] = part.split(/\s+as\s+/);
        return { local, exported };
      });
    const picked = pairs.filter((pair) => all || fresh.includes(pair.exported));
    if (picked.length)
      staticImports(
        source,
        found,
        picked.map((pair) => pair.local),
        seen,
      );
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
  return (key) =>
    strings.has(key) ||
    strings.has(key.replace(PLURAL, '')) ||
    catalog.has(key) ||
    [...prefixes].some((prefix) => key.startsWith(prefix));
}
