import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { judgesNamedBy, readsServerDisk, RPC_METHODS, rpcContract } from '../../schemas/rpc.ts';
import {
  allowedHostNames,
  hasBearerToken,
  isAllowedHost,
  isAllowedOrigin,
  isLoopbackAddress,
  isLoopbackHost,
  printableHostNames,
  serverDiskRefusal,
} from './request-guards.ts';

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

  const interfaces = {
    lo: [
      { address: '127.0.0.1', family: 'IPv4' },
      { address: '::1', family: 'IPv6' },
    ],
    eth0: [
      { address: '10.0.0.5', family: 'IPv4' },
      { address: 'fd00::5', family: 'IPv6' },
      { address: 'fe80::5', family: 'IPv6' },
    ],
  } as unknown as Parameters<typeof allowedHostNames>[1];

  it("allows this machine's own IPv4 addresses, and only those, when bound to 0.0.0.0 (IPv4 only)", () => {
    const names = allowedHostNames('0.0.0.0', interfaces);
    expect(names.sort()).toEqual(['10.0.0.5', '127.0.0.1', 'localhost']);
    expect(isAllowedHost(`10.0.0.5:${PORT}`, names, PORT)).toBe(true);
    expect(isAllowedHost(`evil.example:${PORT}`, names, PORT)).toBe(false);
    // A bind address, not a destination: nothing answers a browser that asks for it by that name.
    expect(isAllowedHost(`0.0.0.0:${PORT}`, names, PORT)).toBe(false);
  });

  it('allows both families when bound to :: (dual-stack)', () => {
    expect(allowedHostNames('::', interfaces).sort()).toEqual(['10.0.0.5', '127.0.0.1', '[::1]', '[fd00::5]', '[fe80::5]', 'localhost']);
  });
});

describe('printableHostNames', () => {
  const interfaces = {
    lo: [{ address: '127.0.0.1', family: 'IPv4' }],
    eth0: [
      { address: '10.0.0.5', family: 'IPv4' },
      { address: 'fe80::5', family: 'IPv6' },
    ],
  } as unknown as Parameters<typeof allowedHostNames>[1];

  it('prints the addresses other machines can use first, then loopback, and never 0.0.0.0 or a link-local address', () => {
    expect(printableHostNames('0.0.0.0', interfaces)).toEqual(['10.0.0.5', '127.0.0.1']);
    expect(printableHostNames('::', interfaces)).toEqual(['10.0.0.5', '127.0.0.1']);
    expect(printableHostNames('192.168.1.20')).toEqual(['192.168.1.20']);
    expect(printableHostNames('127.0.0.1')).toEqual(['127.0.0.1']);
  });

  it('prints only names that pass its own Host check, for every kind of bind', () => {
    for (const bind of ['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1', '192.168.1.20', 'fe80::1']) {
      const allowed = allowedHostNames(bind, interfaces);
      for (const name of printableHostNames(bind, interfaces)) expect(isAllowedHost(`${name}:${PORT}`, allowed, PORT), `${bind} → ${name}`).toBe(true);
    }
  });

  it("serves loopback even when the machine's interfaces cannot be listed", () => {
    const none = {} as Parameters<typeof allowedHostNames>[1];
    expect(printableHostNames('0.0.0.0', none)).toEqual(['127.0.0.1']);
    expect(isAllowedHost(`127.0.0.1:${PORT}`, allowedHostNames('0.0.0.0', none), PORT)).toBe(true);
  });
});

describe('isLoopbackAddress and isLoopbackHost', () => {
  it('recognises 127.0.0.0/8, ::1 in any spelling, and IPv4 loopback mapped into IPv6', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3', '::ffff:7f00:1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
  });

  it('refuses other machines, wildcards, names and a missing address', () => {
    for (const address of ['10.0.0.5', '192.0.2.2', '0.0.0.0', '::', 'fd00::5', 'fe80::1', '::ffff:10.0.0.5', '1::1', '128.0.0.1', 'localhost', '', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  it('treats localhost as a loopback bind, and wildcards or LAN addresses as remote', () => {
    expect(['127.0.0.1', 'localhost', 'LocalHost', '::1', '127.0.0.2'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.20', 'myhost.lan'].some(isLoopbackHost)).toBe(false);
  });
});

describe('methods that read the server disk', () => {
  it('refuses sources.importPaths and runs.importPaths to a client on another machine, saying what to do instead', () => {
    const sources = serverDiskRefusal('sources.importPaths', '192.0.2.7');
    expect(sources).toMatch(/^sources\.importPaths reads files by their path on the machine running lhb serve/);
    expect(sources).toContain('192.0.2.7');
    expect(sources).toContain('Nothing was read or changed');
    expect(sources).toContain('upload the files instead');
    expect(serverDiskRefusal('runs.importPaths', '::ffff:10.0.0.5')).toContain('lhb runs import DIR...');
    expect(serverDiskRefusal('runs.importPaths', undefined)).toContain('an unknown address');
  });

  it('lets a client on this machine call them, and anyone call the other methods', () => {
    expect(serverDiskRefusal('sources.importPaths', '127.0.0.1')).toBeNull();
    expect(serverDiskRefusal('runs.importPaths', '::ffff:127.0.0.1')).toBeNull();
    expect(serverDiskRefusal('sources.importFiles', '192.0.2.7')).toBeNull();
    expect(serverDiskRefusal('workspace.info', '192.0.2.7')).toBeNull();
  });

  it('is declared by every method whose input names a path, folder or directory, so a new one cannot forget', () => {
    const takesPaths = RPC_METHODS.filter((method) => {
      const input: z.ZodType = rpcContract[method].input;
      if (!(input instanceof z.ZodObject)) throw new Error(`${method}: input is not an object schema; teach this test to read it`);
      return Object.keys(input.shape).some((key) => /path|dir|folder/i.test(key));
    });
    expect(takesPaths).toEqual(expect.arrayContaining(['sources.importPaths', 'runs.importPaths']));
    expect(takesPaths.filter((method) => !readsServerDisk(method))).toEqual([]);
  });
});

describe('judges a caller names', () => {
  it('are declared by every method whose input carries a key variable or a base URL, unless it only answers this machine', () => {
    const carriesKeys = RPC_METHODS.filter((method) => /"(apiKeyEnv|baseUrl|endpoint)"/.test(JSON.stringify(z.toJSONSchema(rpcContract[method].input, { io: 'input', unrepresentable: 'any' }))));
    expect(carriesKeys).toEqual(expect.arrayContaining(['judge.start', 'rubrics.generateForChapter', 'runs.start']));
    expect(carriesKeys.filter((method) => !readsServerDisk(method) && judgesNamedBy(method, { judge: {}, judges: [{}] }).length === 0)).toEqual([]);
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
