import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// Who the client is (DESIGN §11): `request.ip` is the nearest address not among TRUST_PROXY's
// proxies. A trusted proxy passes on whatever X-Forwarded-For held before it, so the entry it
// names may be any text: only a valid IP address is kept or used as a key.

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes a function: Fastify 5 turns a bare
 * number into "trust nobody", where TRUST_PROXY=n means the n nearest hops are our proxies.
 */
export function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** The client's address when it is a valid IP, else null (what a session row stores). */
export function storedAddress(request: FastifyRequest): string | null {
  return net.isIP(request.ip) ? request.ip : null;
}

/** The 8 groups of an IPv6 address (no zone), each 0..0xffff; null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.toLowerCase();
  const tail: number[] = [];
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[2].split('.').map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    text = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = [...(rest === null ? [] : parse(rest)), ...tail];
  if (rest === null) return [...left, ...right];
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a per-address limit counts a client address under (DESIGN §12 "Limits"): an IPv4
 * address as is; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket reports
 * IPv4 clients) as its IPv4 address, so it counts with it; any other IPv6 address by its /64,
 * the block one subscriber holds (a phone or a home router can use any of its 2^64 addresses, so
 * counting them one by one would give each client an endless supply). Anything else as is.
 */
export function limitKey(address: string): string {
  if (net.isIPv4(address)) return address;
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The key every per-address limit counts the request's client under (limitKey of its address). */
export function clientLimitKey(request: FastifyRequest): string {
  return limitKey(storedAddress(request) ?? request.socket.remoteAddress ?? 'unknown');
}

/**
 * `request.ip`, `request.host` and clientLimitKey for a request Fastify has not read yet
 * (front-lane.ts), found as Fastify finds them under the same trust: the last address of the
 * forwarded chain that a trusted hop names (the socket's when no proxy is trusted), and the last
 * X-Forwarded-Host when the socket's peer is a trusted proxy (else Host).
 */
export function rawClient(trust: Config['trustProxy']) {
  const option = trustProxyOption(trust);
  const trusts = typeof option === 'function' ? option : option ? proxyAddr.compile(option) : null;
  const ip = (req: IncomingMessage): string | undefined =>
    trusts ? proxyAddr.all(req, trusts).at(-1) : req.socket.remoteAddress;
  return {
    ip,
    host(req: IncomingMessage): string {
      const forwarded = req.headers['x-forwarded-host'];
      const peer = req.socket.remoteAddress;
      if (trusts && typeof forwarded === 'string' && peer !== undefined && trusts(peer, 0)) {
        return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
      }
      return req.headers.host ?? '';
    },
    limitKey(req: IncomingMessage): string {
      const address = ip(req);
      return limitKey(
        address && net.isIP(address) ? address : (req.socket.remoteAddress ?? 'unknown'),
      );
    },
  };
}
