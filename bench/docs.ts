import fs from 'node:fs';
import prettier from 'prettier';

// docs/performance.md keeps the latest figures between markers that the bench scripts rewrite;
// the prose around them is written by hand.
const DOC = 'docs/performance.md';

/** Rewrites the section `name` of docs/performance.md, formatted as `npm run lint` expects. */
export async function writeSection(name: string, markdown: string): Promise<void> {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Performance\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const at = text.indexOf(start);
  const until = text.indexOf(end);
  const next =
    at >= 0 && until > at
      ? text.slice(0, at) + block + text.slice(until + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(DOC)) ?? {};
  fs.writeFileSync(DOC, await prettier.format(next, { ...options, filepath: DOC }));
}

export function table(rows: object[]): string {
  if (!rows.length) return '';
  const keys = Object.keys(rows[0]) as (keyof object)[];
  const line = (cells: unknown[]) => `| ${cells.map((c) => String(c ?? '')).join(' | ')} |`;
  return [
    line(keys),
    line(keys.map(() => '---')),
    ...rows.map((r) => line(keys.map((k) => r[k]))),
  ].join('\n');
}

export function saveResult(kind: string, result: { at: string }): string {
  fs.mkdirSync('bench/results', { recursive: true });
  const out = `bench/results/${kind}-${result.at.replace(/[:.]/g, '-')}.json`;
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  return out;
}

export function loadAverage(): string {
  return fs.existsSync('/proc/loadavg')
    ? fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
    : 'n/a';
}
