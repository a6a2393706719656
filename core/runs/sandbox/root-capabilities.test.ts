import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { packageRoot } from '../../app-paths.ts';
import { shellQuote } from '../../shell-quote.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importTestTask } from '../study/study-engine.fixture.ts';

const isRoot = process.getuid?.() === 0;
// Only root holds the capabilities bwrap would hand on (CI runs as root, so it runs there).
if (!isRoot) console.log('root-capabilities.test.ts skipped: not run as root, so bwrap has no capability to keep or drop');

let dir: string;
let api: Api;

beforeAll(async () => {
  if (!isRoot) return;
  dir = mkdtempSync(join(tmpdir(), 'lhb-root-caps-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  await importTestTask(api.context.workspace, dir);
});

afterAll(async () => {
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the host's mount table holds, without the sandboxes' own namespaces (they never show here). */
const hostMounts = () => readFileSync('/proc/self/mountinfo', 'utf8');

describe.skipIf(!isRoot)('a run sandbox started by root (CI, containers, cluster nodes)', () => {
  it('has no capability left: it cannot unmount what hides /etc/shadow or remount lhb read-write, and no mount changes', { timeout: 120_000 }, async () => {
    const install = shellQuote(packageRoot);
    const planted = join(packageRoot, `pwned-by-agent-${process.pid}.txt`);
    // The attempts the audit made as root, each one's exit status and output kept in out/.
    const agent = [
      'mkdir -p out',
      'grep CapEff /proc/self/status > out/capeff.txt',
      'cat /proc/self/mountinfo > out/mounts-before.txt',
      '(umount /etc/shadow; echo "exit $?") > out/umount-shadow.txt 2>&1',
      '(umount -l /etc/shadow; echo "exit $?") >> out/umount-shadow.txt 2>&1',
      '(cat /etc/shadow) > out/shadow-seen.txt 2>&1',
      `(mount -o remount,rw,bind ${install}; echo "exit $?") > out/remount.txt 2>&1`,
      `(mount -o remount,rw ${install}; echo "exit $?") >> out/remount.txt 2>&1`,
      `(umount ${install}; echo "exit $?") >> out/remount.txt 2>&1`,
      `(echo pwned > ${shellQuote(planted)}; echo "exit $?") > out/write-install.txt 2>&1`,
      'cat /proc/self/mountinfo > out/mounts-after.txt',
      'true',
    ].join('; ');
    const before = hostMounts();
    const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'root-agent', command: agent }] });
    await api.context.jobs.idle();
    const run = (await api.call('runs.study', { studyId })).runs[0]!;
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    expect(run.sandbox?.mode).toBe('bubblewrap');
    const out = (name: string) => readFileSync(join(dir, 'ws', 'studies', studyId, 'runs', run.id, 'work', 'out', name), 'utf8');

    expect(out('capeff.txt')).toMatch(/^CapEff:\s+0+\s*$/);
    expect(out('umount-shadow.txt')).not.toMatch(/exit 0/);
    expect(out('umount-shadow.txt')).toMatch(/exit [1-9]/);
    // The host's shadow file never showed: not one of its lines is in what the agent read.
    const shadowLines = readFileSync('/etc/shadow', 'utf8').split('\n').filter((line) => line.includes(':'));
    const seen = out('shadow-seen.txt');
    expect(shadowLines.length).toBeGreaterThan(0);
    expect(shadowLines.filter((line) => seen.includes(line)).length, 'lines of the host /etc/shadow the agent read').toBe(0);
    expect(out('remount.txt')).not.toMatch(/exit 0/);
    expect(out('write-install.txt')).not.toMatch(/exit 0/);
    expect(existsSync(planted)).toBe(false);
    // Inside, every mount is as bwrap made it; outside, as it was.
    expect(out('mounts-after.txt')).toBe(out('mounts-before.txt'));
    expect(hostMounts()).toBe(before);
  });
});
