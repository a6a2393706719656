import { timingSafeEqual } from 'node:crypto';
import { networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

const asHostName = (address: string) => (address.includes(':') ? `[${address}]` : address);

/**
 * Host names a browser may use to reach a server bound to `bindHost`. Binding every interface
 * (0.0.0.0 or ::) accepts this machine's own addresses, never an arbitrary name.
 */
export function allowedHostNames(bindHost: string, interfaces = networkInterfaces()): string[] {
  if (bindHost === '127.0.0.1' || bindHost === 'localhost' || bindHost === '::1') return LOOPBACK_NAMES;
  if (bindHost === '0.0.0.0' || bindHost === '::') {
    const own = Object.values(interfaces).flatMap((list) => (list ?? []).map((entry) => asHostName(entry.address)));
    return [...new Set([...LOOPBACK_NAMES, ...own])];
  }
  return [asHostName(bindHost)];
}

/**
 * DNS rebinding defence: a page from evil.example that re-points its name at 127.0.0.1 still
 * sends `Host: evil.example:PORT`, so only our own names with our own port are accepted.
 */
export function isAllowedHost(hostHeader: string | undefined, names: readonly string[], port: number): boolean {
  if (!hostHeader) return false;
  return names.some((name) => hostHeader.toLowerCase() === `${name}:${port}`);
}

/** Browsers send Origin on cross-site and on POST requests; when present it must be ours. */
export function isAllowedOrigin(originHeader: string | undefined, names: readonly string[], port: number): boolean {
  if (originHeader === undefined) return true;
  return names.some((name) => originHeader.toLowerCase() === `http://${name}:${port}`);
}

export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  // The auth scheme is case-insensitive (RFC 9110 §11.1); the token itself is not.
  if (!authorization || !/^Bearer /i.test(authorization)) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
