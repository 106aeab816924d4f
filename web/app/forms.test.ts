import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// Issue 35 item 1: a form sent before the scripts arrive is sent by the browser itself, with the
// method its tag names. Without one the browser sends a GET, and what was typed (a password, a
// comment) lands in the address bar and the server's log. Every form names its method: POST, or GET
// for a search, whose fields belong in the address.

const sources = readdirSync(path.resolve('web'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
  .map((file) => path.join('web', file));

/** Each `<form …>` tag of the web app's components, with its file. */
function formTags(): { file: string; tag: string }[] {
  return sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<form\b[^>]*>/g)].map((match) => ({
      file,
      tag: match[0],
    })),
  );
}

it('every form names its method: POST, or GET for a search', () => {
  const tags = formTags();
  expect(tags.length).toBeGreaterThan(10);
  for (const { file, tag } of tags) {
    const method = /\bmethod="(get|post)"/.exec(tag)?.[1];
    expect(method, `${file}: ${tag}`).toBeDefined();
    if (method === 'get') expect(tag, `${file}: a GET form is a search`).toContain('role="search"');
  }
});
