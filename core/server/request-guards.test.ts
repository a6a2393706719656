import { describe, expect, it } from 'vitest';
import { allowedHostNames, hasBearerToken, isAllowedHost, isAllowedOrigin } from './request-guards.ts';

const PORT = 4321;
const LOOPBACK = allowedHostNames('127.0.0.1');

describe('allowedHostNames', () => {
  it('allows every loopback name when bound to a loopback address', () => {
    for (const bind of ['127.0.0.1', 'localhost', '::1']) {
      expect(allowedHostNames(bind)).toEqual(['127.0.0.1', 'localhost', '[::1]']);
    }
  });

  it('allows only the bound name otherwise, bracketing IPv6 literals', () => {
    expect(allowedHostNames('192.168.1.20')).toEqual(['192.168.1.20']);
    expect(allowedHostNames('fe80::1')).toEqual(['[fe80::1]']);
  });

  it("allows this machine's own addresses, and only those, when bound to every interface", () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1' }],
      eth0: [{ address: '10.0.0.5' }, { address: 'fe80::5' }],
    } as unknown as Parameters<typeof allowedHostNames>[1];
    const names = allowedHostNames('0.0.0.0', interfaces);
    expect(names).toEqual(expect.arrayContaining(['127.0.0.1', 'localhost', '[::1]', '10.0.0.5', '[fe80::5]']));
    expect(isAllowedHost(`10.0.0.5:${PORT}`, names, PORT)).toBe(true);
    expect(isAllowedHost(`evil.example:${PORT}`, names, PORT)).toBe(false);
  });
});

describe('isAllowedHost', () => {
  it('accepts our names with our port', () => {
    expect(isAllowedHost(`127.0.0.1:${PORT}`, LOOPBACK, PORT)).toBe(true);
    expect(isAllowedHost(`localhost:${PORT}`, LOOPBACK, PORT)).toBe(true);
    expect(isAllowedHost(`[::1]:${PORT}`, LOOPBACK, PORT)).toBe(true);
  });

  it('ignores case, as host names are case-insensitive', () => {
    expect(isAllowedHost(`LocalHost:${PORT}`, LOOPBACK, PORT)).toBe(true);
  });

  it('refuses a missing Host header', () => {
    expect(isAllowedHost(undefined, LOOPBACK, PORT)).toBe(false);
    expect(isAllowedHost('', LOOPBACK, PORT)).toBe(false);
  });

  it('refuses foreign names, including ones that merely contain ours (DNS rebinding)', () => {
    expect(isAllowedHost(`evil.example:${PORT}`, LOOPBACK, PORT)).toBe(false);
    expect(isAllowedHost(`localhost.evil.example:${PORT}`, LOOPBACK, PORT)).toBe(false);
    expect(isAllowedHost(`127.0.0.1.evil.example:${PORT}`, LOOPBACK, PORT)).toBe(false);
  });

  it('refuses our name with another port or no port', () => {
    expect(isAllowedHost(`127.0.0.1:${PORT + 1}`, LOOPBACK, PORT)).toBe(false);
    expect(isAllowedHost('127.0.0.1', LOOPBACK, PORT)).toBe(false);
    expect(isAllowedHost(`127.0.0.1:${PORT}0`, LOOPBACK, PORT)).toBe(false);
  });

  it('refuses loopback names when bound to another address', () => {
    const lan = allowedHostNames('192.168.1.20');
    expect(isAllowedHost(`192.168.1.20:${PORT}`, lan, PORT)).toBe(true);
    expect(isAllowedHost(`localhost:${PORT}`, lan, PORT)).toBe(false);
  });
});

describe('isAllowedOrigin', () => {
  it('accepts a request without an Origin header (same-origin GETs, curl)', () => {
    expect(isAllowedOrigin(undefined, LOOPBACK, PORT)).toBe(true);
  });

  it('accepts our own origins, ignoring case', () => {
    expect(isAllowedOrigin(`http://127.0.0.1:${PORT}`, LOOPBACK, PORT)).toBe(true);
    expect(isAllowedOrigin(`http://localhost:${PORT}`, LOOPBACK, PORT)).toBe(true);
    expect(isAllowedOrigin(`HTTP://LOCALHOST:${PORT}`, LOOPBACK, PORT)).toBe(true);
  });

  it("refuses the opaque 'null' origin (sandboxed frames, file:// pages)", () => {
    expect(isAllowedOrigin('null', LOOPBACK, PORT)).toBe(false);
  });

  it('refuses foreign origins, other ports, other schemes and an empty origin', () => {
    expect(isAllowedOrigin('http://evil.example', LOOPBACK, PORT)).toBe(false);
    expect(isAllowedOrigin(`http://evil.example:${PORT}`, LOOPBACK, PORT)).toBe(false);
    expect(isAllowedOrigin(`http://127.0.0.1:${PORT + 1}`, LOOPBACK, PORT)).toBe(false);
    expect(isAllowedOrigin(`https://127.0.0.1:${PORT}`, LOOPBACK, PORT)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1', LOOPBACK, PORT)).toBe(false);
    expect(isAllowedOrigin('', LOOPBACK, PORT)).toBe(false);
  });
});

describe('hasBearerToken', () => {
  const token = 'Abc123-secret_token';

  it('accepts the exact token', () => {
    expect(hasBearerToken(`Bearer ${token}`, token)).toBe(true);
  });

  it('accepts the scheme in any case, as HTTP auth schemes are case-insensitive', () => {
    expect(hasBearerToken(`bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(`BEARER ${token}`, token)).toBe(true);
  });

  it('refuses a missing or empty header', () => {
    expect(hasBearerToken(undefined, token)).toBe(false);
    expect(hasBearerToken('', token)).toBe(false);
    expect(hasBearerToken('Bearer ', token)).toBe(false);
  });

  it('refuses another scheme or the bare token', () => {
    expect(hasBearerToken(`Basic ${token}`, token)).toBe(false);
    expect(hasBearerToken(token, token)).toBe(false);
  });

  it('compares the token itself case-sensitively', () => {
    expect(hasBearerToken(`Bearer ${token.toLowerCase()}`, token)).toBe(false);
    expect(hasBearerToken(`Bearer ${token.toUpperCase()}`, token)).toBe(false);
  });

  it('refuses tokens of another length (without throwing)', () => {
    expect(hasBearerToken(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(hasBearerToken(`Bearer ${token}x`, token)).toBe(false);
    expect(hasBearerToken(`Bearer ${token}${token}`, token)).toBe(false);
  });

  it('refuses a token that differs in one character of the same length', () => {
    expect(hasBearerToken(`Bearer ${token.slice(0, -1)}X`, token)).toBe(false);
  });

  it('compares bytes, so a same-length string of multi-byte characters is refused', () => {
    expect(hasBearerToken(`Bearer ${'é'.repeat(token.length)}`, token)).toBe(false);
  });
});
