import type { FastifyReply } from 'fastify';

/** Adds `name` to the answer's Vary header (once), keeping what is there. */
export function appendVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  // Most answers have none yet: nothing to read.
  if (vary === undefined) {
    reply.header('vary', name);
    return;
  }
  const text = String(vary);
  const listed = text.toLowerCase().split(/\s*,\s*/);
  if (!listed.includes(name.toLowerCase())) reply.header('vary', text ? `${text}, ${name}` : name);
}
