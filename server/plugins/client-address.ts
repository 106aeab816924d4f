import net from 'node:net';
import type { FastifyRequest } from 'fastify';

// Who the client is (DESIGN §11): `request.ip` is the nearest address not among TRUST_PROXY's
// proxies. A trusted proxy passes on whatever X-Forwarded-For held before it, so the entry it
// names may be any text: only a valid IP address is kept or used as a key.

/** The client's address when it is a valid IP, else null (what a session row stores). */
export function storedAddress(request: FastifyRequest): string | null {
  return net.isIP(request.ip) ? request.ip : null;
}

/** The key per-address limits count under: the client's address, else the socket's. */
export function clientAddress(request: FastifyRequest): string {
  return storedAddress(request) ?? request.socket.remoteAddress ?? 'unknown';
}
