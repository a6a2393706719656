import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxProblem } from './sandbox-availability.ts';

const dir = mkdtempSync(join(tmpdir(), 'lhb-sandbox-availability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for bwrap at LHB_BWRAP: a shell script that does what `body` says when tried. */
function fakeBwrap(name: string, body: string): NodeJS.ProcessEnv {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return { ...process.env, LHB_BWRAP: path };
}

describe.runIf(process.platform === 'linux')('why runs cannot be sandboxed', () => {
  it('names the namespaces, and how to allow them, when bwrap refuses to make them', () => {
    const problem = sandboxProblem(fakeBwrap('refuses', 'echo "bwrap: No permissions to creating new namespace" >&2; exit 1'));
    expect(problem).toContain('cannot make the user and PID namespaces the sandbox needs (bwrap: No permissions to creating new namespace)');
    expect(problem).toContain('kernel.unprivileged_userns_clone=1');
  });

  it('says bwrap was stopped, not that namespaces are missing, when it is killed before it answers (a job being stopped, a loaded machine)', () => {
    const problem = sandboxProblem(fakeBwrap('killed', 'kill -KILL $$'));
    expect(problem).toContain('it was stopped by SIGKILL, before it showed whether the sandbox can be made');
    expect(problem).not.toContain('unprivileged_userns');
  });

  it('finds nothing wrong when bwrap starts the process', () => {
    expect(sandboxProblem(fakeBwrap('works', 'exit 0'))).toBeUndefined();
  });
});
