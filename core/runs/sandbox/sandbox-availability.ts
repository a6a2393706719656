import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const INSTALL_ADVICE = 'Install it (Debian/Ubuntu: `sudo apt-get install bubblewrap`; Fedora: `sudo dnf install bubblewrap`; Arch: `sudo pacman -S bubblewrap`)';
const OPT_OUT = 'or start the study with --no-sandbox (`sandbox: false` in a study file) to run agents as ordinary processes of yours, which a hostile or prompt-injected agent can use to read and change your files.';

/** The bwrap executable: LHB_BWRAP when set (a bwrap outside PATH), else the first on PATH. */
export function bwrapPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.LHB_BWRAP) return existsSync(env.LHB_BWRAP) ? env.LHB_BWRAP : undefined;
  for (const dir of (env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    const candidate = join(dir, 'bwrap');
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The rlimit helper (util-linux) used where no cgroup of the run's own can be made. */
export const PRLIMIT_PATH = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path));

/**
 * Why runs cannot be sandboxed on this machine, in words that say how to fix it; undefined when
 * they can. Tried for real: bwrap starts a process in new user and PID namespaces.
 */
export function sandboxProblem(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (process.platform !== 'linux') return `The agent sandbox (bubblewrap) needs Linux; this machine runs ${process.platform}. Run studies on a Linux machine or a Slurm cluster, ${OPT_OUT}`;
  const bwrap = bwrapPath(env);
  if (!bwrap) return `Bubblewrap (bwrap) is not installed${env.LHB_BWRAP ? ` at LHB_BWRAP=${env.LHB_BWRAP}` : ' on PATH'}, and every agent run is sandboxed with it. ${INSTALL_ADVICE}, ${OPT_OUT}`;
  if (!PRLIMIT_PATH) return `prlimit (util-linux) is not installed; the sandbox sets a run's limits with it. Install util-linux, ${OPT_OUT}`;
  const tried = spawnSync(bwrap, ['--unshare-user', '--unshare-pid', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--', 'true'], { encoding: 'utf8', timeout: 10_000 });
  if (tried.status === 0) return undefined;
  // Stopped before it answered (its 10 s ran out on a loaded machine, or the job around it was being
  // stopped): that says nothing about namespaces, and their advice would send the user astray.
  if (tried.signal) {
    const why = (tried.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT' ? 'it did not answer within 10 s' : `it was stopped by ${tried.signal}`;
    return `${bwrap} could not be tried: ${why}, before it showed whether the sandbox can be made. Start the run again once the machine is less busy, ${OPT_OUT}`;
  }
  const said = (tried.stderr || tried.error?.message || `exit ${tried.status}`).trim().slice(0, 300);
  return (
    `${bwrap} cannot make the user and PID namespaces the sandbox needs (${said}). Enable unprivileged user namespaces ` +
    '(`sudo sysctl kernel.unprivileged_userns_clone=1`; on Ubuntu 23.10+ also `sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0` or an AppArmor profile for bwrap), ' +
    OPT_OUT
  );
}
