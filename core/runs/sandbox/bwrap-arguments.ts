import { existsSync, lstatSync, readlinkSync, statSync } from 'node:fs';
import { runAgentFolders, type SandboxPlan } from './sandbox-plan.ts';

/**
 * What of /etc holds credentials or keys: covered by an empty file or folder in the sandbox.
 * The rest of /etc (passwd, hosts, resolv.conf, ssl/certs, alternatives) is what programs need.
 */
export const ETC_CREDENTIALS = [
  '/etc/shadow',
  '/etc/shadow-',
  '/etc/gshadow',
  '/etc/gshadow-',
  '/etc/security/opasswd',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/ssh',
  '/etc/ssl/private',
  '/etc/munge', // the MUNGE key signs Slurm credentials
  '/etc/krb5.keytab',
  '/etc/libvirt',
  '/etc/docker',
  '/etc/NetworkManager/system-connections',
  '/etc/wpa_supplicant',
  '/etc/letsencrypt',
] as const;

/** Top-level system folders: mounted read-only, or recreated as the symlinks they are (merged /usr). */
const SYSTEM_ROOTS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'] as const;

/** Where the loopback bridge's sockets appear inside a sandbox without network. */
export const BRIDGE_DIR_INSIDE = '/run/lhb-bridge';
/** Where the engine's verifier service socket appears inside a run's sandbox. */
export const VERIFIER_DIR_INSIDE = '/run/lhb-verifier';

/** Variables that name the user's agents and buses: never passed in, whatever an adapter put in. */
export const AGENT_SOCKET_VARIABLES = ['SSH_AUTH_SOCK', 'SSH_AGENT_PID', 'GPG_AGENT_INFO', 'DBUS_SESSION_BUS_ADDRESS', 'DBUS_SYSTEM_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'DISPLAY', 'WAYLAND_DISPLAY', 'XAUTHORITY', 'KRB5CCNAME'] as const;

export interface BwrapCommand {
  command: string;
  args: string[];
  cwd: string;
}

/**
 * bwrap's arguments for one run: a new user, PID, IPC and UTS namespace (and network namespace
 * for `none` and `endpoint-only`), its own /proc and /dev, a private /tmp, the system and the plan's installs
 * read-only, the run's work/ and home/ read-write, and nothing else of the machine: the rest of the
 * run folder (its transcripts, logs, turns.json, manifest.json, slurm/, verifier/) is the engine's and not there.
 * Every capability is dropped whoever runs lhb, and bwrap always sets no_new_privs, so nothing inside can gain
 * privileges back through a setuid binary or undo a mount.
 */
export function bwrapArguments(plan: SandboxPlan, inner: BwrapCommand, options: { bridgeDir?: string; verifierDir?: string } = {}): string[] {
  const args = ['--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try'];
  if (plan.network !== 'host') args.push('--unshare-net');
  args.push('--die-with-parent', '--new-session', '--hostname', 'lhb-run');
  // Run by root (CI, containers, cluster nodes) bwrap would keep every capability: the agent could unmount what hides /etc's keys.
  args.push('--cap-drop', 'ALL');
  for (const root of SYSTEM_ROOTS) {
    if (!existsSync(root)) continue;
    const link = lstatSync(root);
    if (link.isSymbolicLink()) args.push('--symlink', readlinkSync(root), root);
    else args.push('--ro-bind', root, root);
  }
  args.push('--ro-bind', '/etc', '/etc');
  for (const path of ETC_CREDENTIALS) {
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) args.push('--tmpfs', path);
    else args.push('--ro-bind', '/dev/null', path);
  }
  // resolv.conf may point into /run (systemd-resolved): its target is bound, nothing else of /run.
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/run');
  if (plan.network === 'host' && existsSync('/run/systemd/resolve')) args.push('--ro-bind', '/run/systemd/resolve', '/run/systemd/resolve');
  for (const op of mountOrder(plan)) args.push(...op);
  for (const folder of runAgentFolders(plan.runFolder)) if (existsSync(folder)) args.push('--bind', folder, folder);
  if (options.bridgeDir) args.push('--ro-bind', options.bridgeDir, BRIDGE_DIR_INSIDE);
  if (options.verifierDir) args.push('--ro-bind', options.verifierDir, VERIFIER_DIR_INSIDE);
  for (const name of AGENT_SOCKET_VARIABLES) args.push('--unsetenv', name);
  args.push('--chdir', inner.cwd, '--', inner.command, ...inner.args);
  return args;
}

/**
 * The read-only installs, and an empty folder over each hidden folder that one of them holds
 * (lhb installed inside the user's home must not show the rest of it), parents before children.
 */
function mountOrder(plan: SandboxPlan): string[][] {
  const within = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
  const ops: { path: string; op: string[]; rank: number }[] = [];
  for (const path of plan.readOnly) if (existsSync(path)) ops.push({ path, op: ['--ro-bind', path, path], rank: 0 });
  for (const path of plan.hidden) if (plan.readOnly.some((root) => within(path, root))) ops.push({ path, op: ['--tmpfs', path], rank: 1 });
  // Shorter paths first: an install inside a hidden folder (lhb under the user's home) is mounted on top of the empty one.
  return ops.sort((a, b) => a.path.length - b.path.length || a.rank - b.rank).map((entry) => entry.op);
}
