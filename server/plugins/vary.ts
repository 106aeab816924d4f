import type { FastifyReply } from 'fastify';

/** Adds `name` to the answer's Vary header (once), keeping what is there. */
export function appendVary(reply: FastifyReply, name: string): void {
  const vary = String(reply.getHeader('vary') ?? '');
  const listed = vary.toLowerCase().split(/\s*,\s*/);
  if (!listed.includes(name.toLowerCase())) reply.header('vary', vary ? `${vary}, ${name}` : name);
}
