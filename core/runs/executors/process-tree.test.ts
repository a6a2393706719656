import { spawn, execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { killProcessTree, untilEnded } from './process-tree.ts';

// The grandchild's last argument, which no other process has: how the test finds it.
const tag = `lhb-process-tree-test-${process.pid}-${Math.floor(Math.random() * 1e6)}`;

const running = (): boolean => {
  try {
    return execFileSync('pgrep', ['-f', `${tag}$`]).toString().trim() !== '';
  } catch {
    return false; // pgrep exits 1 when nothing matches
  }
};

afterEach(() => {
  try {
    execFileSync('pkill', ['-KILL', '-f', `${tag}$`], { stdio: 'ignore' });
  } catch {
    // nothing left
  }
});

/** A shell leading its own group, with a grandchild in a session of its own that takes half a second to end after SIGTERM. */
async function startTree() {
  const script = `setsid sh -c 'trap "sleep 0.5; exit 0" TERM; while :; do sleep 0.05; done' ${tag} & wait`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  const until = Date.now() + 20_000;
  while (!running()) {
    if (Date.now() > until) throw new Error('the test tree did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return child;
}

describe('killProcessTree and untilEnded', () => {
  it('reach a grandchild in its own session, and wait until it has really ended, not only been signalled', async () => {
    const child = await startTree();
    const signalled = killProcessTree(child.pid!, 'SIGTERM');
    // The root and the grandchild (and its sleep of the moment), named with their start times.
    expect(signalled.length).toBeGreaterThanOrEqual(2);
    expect(signalled[0]!.pid).toBe(child.pid);
    expect(await untilEnded(signalled, 20_000)).toBe(true);
    expect(running()).toBe(false);
  });

  it('say so when a process has not ended within the time given', async () => {
    const child = await startTree();
    const alive = killProcessTree(child.pid!, 'SIGCONT'); // a signal that stops nothing
    expect(await untilEnded(alive, 200)).toBe(false);
    expect(running()).toBe(true);
    killProcessTree(child.pid!, 'SIGKILL');
    expect(await untilEnded(alive, 20_000)).toBe(true);
  });
});
