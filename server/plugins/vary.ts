import type { FastifyReply } from 'fastify';

/** Adds each of `names` to the answer's Vary header (once), keeping what is there. */
export function appendVary(reply: FastifyReply, ...names: string[]): void {
  const vary = reply.getHeader('vary');
  let text = vary === undefined ? '' : String(vary);
  // Most answers have none yet: nothing to read.
  const listed = text ? text.toLowerCase().split(/\s*,\s*/) : [];
  for (const name of names) {
    if (listed.includes(name.toLowerCase())) continue;
    listed.push(name.toLowerCase());
    text = text ? `${text}, ${name}` : name;
  }
  if (text !== vary) reply.header('vary', text);
}
