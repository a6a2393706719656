import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { z } from 'zod';
import { SandboxNetworkSchema, type SandboxLimits, type SandboxNetwork } from '../../../schemas/studies.ts';
import { packageRoot } from '../../app-paths.ts';
import { hostKeyOfUrl } from './egress-proxy.ts';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox-defaults.ts';

/**
 * What one run's sandbox lets its processes see and use, decided by the engine when it prepares
 * the run. It is plain data: a Slurm job reads it from the run folder (slurm/exec.json) and the
 * node builds the same sandbox from it; how each limit is enforced is chosen where it runs.
 */
export const SandboxPlanSchema = z
  .object({
    network: SandboxNetworkSchema,
    /** The run's folder: of it only its agent's folders (runAgentFolders: work/, home/) are in the sandbox, read-write; the rest (transcripts, logs, turns.json, manifest.json, slurm/) is the engine's. */
    runFolder: z.string().min(1),
    /** Installs it needs to read (the harness CLI, Node.js, lhb for the verifier hook) and the task folder, mounted read-only at their own paths. */
    readOnly: z.array(z.string().min(1)),
    /** Folders covered with an empty one wherever a read-only install holds them (the workspace, the user's home). */
    hidden: z.array(z.string().min(1)),
    /** diskBytes is absent in an exec.json written before the disk limit existed: no disk limit then. */
    limits: z.object({ memoryBytes: z.number().int().positive(), processes: z.number().int().positive(), diskBytes: z.number().int().positive().optional() }).strict(),
    /** With network `none`: ports of this machine's loopback (the scripted model server) the run still reaches, through unix sockets. */
    loopbackPorts: z.array(z.number().int().min(1).max(65_535)),
    /** With network `endpoint-only`: the `host:port`s its egress proxy reaches (absent in plans written before it existed). */
    allowedHosts: z.array(z.string().min(1)).optional(),
  })
  .strict();
export type SandboxPlan = z.infer<typeof SandboxPlanSchema>;

/** The agent's folders of a run, the only ones it sees of its run folder and may write: work/ (its working folder) and home/ (its HOME). */
export const runAgentFolders = (runFolder: string): string[] => [join(runFolder, 'work'), join(runFolder, 'home')];

export interface PlanRunSandboxInput {
  network: SandboxNetwork;
  limits: SandboxLimits | undefined;
  runFolder: string;
  /** The harness executable the run starts. */
  binary: string;
  /** Where `lhb harnesses install` puts harness CLIs. */
  toolsDir: string;
  /** The workspace folder: its database, blobs and other runs stay out of sight. */
  workspaceDir: string;
  /** The run's model endpoint: with network `none`, a loopback endpoint's port is bridged in. */
  endpoint: string | undefined;
  /** The task's folder, when the study was given one: the agent may read it (task.json, inputs/) but never change it. */
  taskFolder?: string;
  /** Extra files the harness reads, e.g. NODE_EXTRA_CA_CERTS. */
  extraReadOnly?: string[];
  /** Network `endpoint-only`: the hosts the harness calls when the run names no endpoint (its adapter's `apiHosts`). */
  apiHosts?: readonly string[];
  /** Network `endpoint-only`: other URLs the task declares (its HTTP MCP servers), reached too. */
  declaredUrls?: readonly string[];
}

/** The sandbox of one run: its own folder writable, the installs it runs readable, nothing else of the user's. */
export function planRunSandbox(input: PlanRunSandboxInput): SandboxPlan {
  const readOnly = new Set<string>();
  const add = (path: string | undefined) => {
    // Mounted at its real path: a symlink on the way (node_modules → a shared install) resolves inside as outside.
    if (path && existsSync(path)) readOnly.add(realpathSync(path));
  };
  add(input.toolsDir);
  add(installRootOf(input.binary));
  add(dirname(dirname(realpathSync(process.execPath)))); // Node.js's own prefix (/usr, ~/.nvm/versions/node/vX)
  add(packageRoot); // lhb itself: the verifier hook and MCP tool run `lhb runs verify`
  add(join(packageRoot, 'node_modules'));
  add(input.taskFolder);
  for (const extra of input.extraReadOnly ?? []) add(extra);
  const isolated = input.network !== 'host';
  // A loopback URL is bridged in through its own socket; every other one goes through the proxy.
  const urls = input.network === 'endpoint-only' ? [...(input.endpoint ? [input.endpoint] : []), ...(input.declaredUrls ?? [])] : input.endpoint ? [input.endpoint] : [];
  const loopbackPorts = isolated ? [...new Set(urls.map(loopbackPortOf).filter((port): port is number => port !== undefined))].sort((a, b) => a - b) : [];
  const allowedHosts =
    input.network === 'endpoint-only'
      ? [...new Set([...urls.filter((url) => loopbackPortOf(url) === undefined).map(hostKeyOfUrl), ...(input.endpoint ? [] : (input.apiHosts ?? []).map((host) => host.toLowerCase()))])].sort()
      : undefined;
  return {
    network: input.network,
    runFolder: input.runFolder,
    readOnly: [...readOnly].filter((path) => !isSystemPath(path)).sort(),
    hidden: [input.workspaceDir, ...(process.env.HOME ? [process.env.HOME] : [])],
    limits: {
      memoryBytes: (input.limits?.memoryMb ?? DEFAULT_SANDBOX_LIMITS.memoryMb) * 1024 * 1024,
      processes: input.limits?.processes ?? DEFAULT_SANDBOX_LIMITS.processes,
      diskBytes: (input.limits?.diskMb ?? DEFAULT_SANDBOX_LIMITS.diskMb) * 1024 * 1024,
    },
    loopbackPorts,
    ...(allowedHosts ? { allowedHosts } : {}),
  };
}

/** The folder a harness executable's install lives in: above its outermost node_modules, else its own folder. */
function installRootOf(binary: string): string | undefined {
  if (!binary.includes('/') || !existsSync(binary)) return undefined;
  const real = realpathSync(binary);
  const at = real.indexOf(`${sep}node_modules${sep}`);
  return at > 0 ? real.slice(0, at) : dirname(real);
}

/** System folders are mounted anyway (bwrap-arguments.ts). */
function isSystemPath(path: string): boolean {
  return ['/usr', '/bin', '/sbin', '/lib', '/lib64', '/etc'].some((root) => path === root || path.startsWith(`${root}/`));
}

function loopbackPortOf(endpoint: string): number | undefined {
  const url = new URL(endpoint);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return undefined;
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}
