import { afterEach, describe, expect, it } from 'vitest';
import { createRemoteBuildSites, type RemoteBuildSites } from './remote-build-sites.ts';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
let sites: RemoteBuildSites | undefined;

afterEach(async () => {
  await sites?.close();
});

function start(options: { maxOpen?: number; idleMs?: number; voted?: Set<string>; clock: { t: number } }) {
  sites = createRemoteBuildSites({
    host: '127.0.0.1',
    hostNames: new Set(['127.0.0.1']),
    isOpen: (token) => !options.voted?.has(token),
    serve: (_req, res, token, side, path) => res.end(`${token.slice(0, 1)} ${side} ${path}`),
    now: () => options.clock.t,
    ...(options.maxOpen === undefined ? {} : { maxOpen: options.maxOpen }),
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
  });
  return sites;
}

const get = async (port: number, path = '/') => (await fetch(`http://127.0.0.1:${port}${path}`)).text();

describe('remote build sites', () => {
  it('serves each side on a port of its own, reuses it, and answers only for the known host names', async () => {
    const s = start({ clock: { t: 0 } });
    const left = await s.portFor(A, 'left');
    const right = await s.portFor(A, 'right');
    expect(left).not.toBe(right);
    expect(await s.portFor(A, 'left')).toBe(left);
    expect(await get(left, '/pricing/?x=1')).toBe('a left /pricing/');
    expect(await get(right)).toBe('a right /');
    expect((await fetch(`http://localhost:${left}/`)).status).toBe(403);
    expect(s.openCount()).toBe(2);
  });

  it('closes idle ports, voted pairs and, when full, the least recently used, before opening another', async () => {
    const clock = { t: 0 };
    const voted = new Set<string>();
    const s = start({ clock, voted, maxOpen: 2, idleMs: 1000 });
    const aLeft = await s.portFor(A, 'left');
    clock.t = 10;
    const aRight = await s.portFor(A, 'right');
    clock.t = 20;
    expect(await get(aLeft)).toBe('a left /');
    // Full: a-right was asked for longest ago.
    const bLeft = await s.portFor(B, 'left');
    expect(s.openCount()).toBe(2);
    await expect(fetch(`http://127.0.0.1:${aRight}/`)).rejects.toThrow();
    expect(await get(aLeft)).toBe('a left /');
    // Voted: a's ports close at the next opening.
    voted.add(A);
    await s.portFor(B, 'right');
    await expect(fetch(`http://127.0.0.1:${aLeft}/`)).rejects.toThrow();
    // Idle past the TTL: closed; asking again opens a new port.
    clock.t = 5000;
    const again = await s.portFor(A, 'left');
    expect(s.openCount()).toBe(1);
    await expect(fetch(`http://127.0.0.1:${bLeft}/`)).rejects.toThrow();
    voted.delete(A);
    expect(await get(again)).toBe('a left /');
  });
});
