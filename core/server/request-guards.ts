import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { JudgeConfig } from '../../schemas/judge.ts';
import { judgesNamedBy, readsServerDisk, usesServerHubToken, type RpcMethod } from '../../schemas/rpc.ts';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

type Interfaces = ReturnType<typeof networkInterfaces>;

const asHostName = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  if (isIP(address) !== 6) return false;
  // The URL parser writes every spelling of an IPv6 address in its one canonical form, with an
  // IPv4-mapped 127.x.y.z as ::ffff:7fxx:yyzz.
  const canonical = new URL(`http://[${address}]/`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

/** Whether binding `host` keeps the server on this machine (a loopback address or `localhost`). */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

const isWildcard = (bindHost: string) => bindHost === '0.0.0.0' || bindHost === '::';

/**
 * The addresses a server bound to `bindHost` answers on: the address itself, or for a wildcard
 * this machine's own addresses (IPv4 only for 0.0.0.0; both families for `::`, which Node binds
 * dual-stack). Non-loopback first, link-local IPv6 (which needs a zone in a URL) last.
 */
export function servedAddresses(bindHost: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (!isWildcard(bindHost)) return [bindHost];
  const own = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((entry) => bindHost === '::' || entry.family === 'IPv4')
    .map((entry) => entry.address);
  // Every host has a loopback interface; an empty list (a stripped-down sandbox) still serves it.
  if (own.length === 0) own.push('127.0.0.1');
  const rank = (address: string) => (isLoopbackAddress(address) ? 2 : address.toLowerCase().startsWith('fe80:') ? 3 : isIP(address) === 4 ? 0 : 1);
  return [...new Set(own)].sort((a, b) => rank(a) - rank(b));
}

/**
 * Host names a browser may use to reach a server bound to `bindHost`: exactly the addresses it
 * serves on (plus `localhost` when it serves loopback), never an arbitrary name. `0.0.0.0` is not
 * one of them: it is a bind address, not a destination.
 */
export function allowedHostNames(bindHost: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (bindHost === '127.0.0.1' || bindHost === 'localhost' || bindHost === '::1') return LOOPBACK_NAMES;
  if (!isWildcard(bindHost)) return [asHostName(bindHost)];
  const served = servedAddresses(bindHost, interfaces);
  const names = served.map(asHostName);
  return served.some(isLoopbackAddress) ? [...new Set([...names, 'localhost'])] : names;
}

/**
 * The host names to print for a server bound to `bindHost`, in the order to offer them: the
 * addresses other machines can use first, then this machine's loopback. Link-local IPv6
 * addresses are left out, as browsers do not accept their zone in a URL.
 */
export function printableHostNames(bindHost: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (!isWildcard(bindHost)) return [asHostName(bindHost)];
  return servedAddresses(bindHost, interfaces)
    .filter((address) => !address.toLowerCase().startsWith('fe80:'))
    .map(asHostName);
}

/**
 * Methods that read the server's own disk by path answer only callers on the server machine:
 * a path typed on another machine names nothing there, and a remote caller must never browse
 * the server's files. Returns the refusal to send, or null when the call may proceed.
 */
export function serverDiskRefusal(method: RpcMethod, remoteAddress: string | undefined): string | null {
  if (!readsServerDisk(method) || isLoopbackAddress(remoteAddress)) return null;
  const instead =
    method === 'sources.importPaths'
      ? 'From another machine, upload the files instead: "Import files…" in the Annotate screen\'s Sources panel, or drop them there.'
      : method === 'runs.importPaths'
        ? 'Run bundles cannot be uploaded from another machine yet: import them on the server machine with "lhb runs import DIR...", or from a browser there.'
        : 'Do it on the server machine instead, from the lhb command or a browser there.';
  return `${method} reads files by their path on the machine running lhb serve, so it only answers a browser on that machine; this request came from ${remoteAddress ?? 'an unknown address'}. Nothing was read or changed. ${instead}`;
}

/**
 * Methods that act with the server's Hugging Face token answer only callers on the server
 * machine: the token is the server user's own, and someone on another machine (even the
 * owner's link, shared) must not publish under that name. Returns the refusal to send, or null.
 */
export function serverHubTokenRefusal(method: RpcMethod, remoteAddress: string | undefined): string | null {
  if (!usesServerHubToken(method) || isLoopbackAddress(remoteAddress)) return null;
  return (
    `Pushing to the Hugging Face Hub uses the token of the machine running the app, so it only answers a browser on that machine; this request came from ${remoteAddress ?? 'an unknown address'}. ` +
    'Nothing was sent to the Hub. Push from a browser on the server machine, or copy the exported folder and push it with your own token.'
  );
}

/** What decides where a judge's key goes and which key it is; the rest (model, limits) is the caller's to choose. */
const sameKeyAndDestination = (named: unknown, configured: JudgeConfig) => {
  if (typeof named !== 'object' || named === null) return false;
  const judge = named as Record<string, unknown>;
  return judge.provider === configured.provider && judge.baseUrl === configured.baseUrl && judge.apiKeyEnv === configured.apiKeyEnv;
};

/**
 * A judge names a variable of the server's environment and the URL its value is sent to, so a
 * caller on another machine naming its own would read any secret of the server (AWS keys
 * included) at an address of its choosing. It may only name judges the server was started with;
 * callers on the server machine could read its environment anyway. Returns the refusal to send,
 * or null when the call may proceed.
 */
export function serverJudgeRefusal(method: RpcMethod, input: unknown, remoteAddress: string | undefined, serverJudges: readonly JudgeConfig[]): string | null {
  if (isLoopbackAddress(remoteAddress)) return null;
  const unknown = judgesNamedBy(method, input).filter((named) => !serverJudges.some((configured) => sameKeyAndDestination(named, configured)));
  if (unknown.length === 0) return null;
  const names = unknown.map((judge) => JSON.stringify(typeof judge === 'object' && judge !== null ? String((judge as Record<string, unknown>).name ?? '(unnamed)') : judge)).join(', ');
  const offered = serverJudges.length === 0 ? 'This server was started without judges.' : `This server's judges: ${serverJudges.map((judge) => `${judge.name} (${judge.provider} at ${judge.baseUrl})`).join(', ')}.`;
  return (
    `${method} names judge ${names} with a key variable or base URL this server was not configured with; a caller on another machine may only use the judges the server was started with (lhb serve --judges FILE), and this request came from ${remoteAddress ?? 'an unknown address'}. ` +
    `Nothing was sent to any model. ${offered} Choose one of them, or start the judging on the server machine.`
  );
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
