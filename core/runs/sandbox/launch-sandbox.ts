import type { RunSandbox } from '../../../schemas/studies.ts';
import type { HarnessInvocation } from '../harnesses/harness-adapter.ts';
import { AGENT_SOCKET_VARIABLES, bwrapArguments } from './bwrap-arguments.ts';
import { createEgressProxy } from './egress-proxy.ts';
import { INNER_BRIDGE_SCRIPT, innerBridgeEntries, openLoopbackBridge, PROXY_PORT_INSIDE, type LoopbackBridge } from './loopback-bridge.ts';
import { applyRunResourceLimits, type LimitHit } from './run-resource-limits.ts';
import { bwrapPath, PRLIMIT_PATH, sandboxProblem } from './sandbox-availability.ts';
import type { SandboxPlan } from './sandbox-plan.ts';

/** The command that starts a harness inside its run's sandbox, and what to do once it ended. */
export interface LaunchedSandbox {
  command: string;
  args: string[];
  env: Record<string, string>;
  record: RunSandbox;
  /** Which limit the run ran into, where a cgroup counted it. */
  limitHit(): LimitHit | undefined;
  /** Network `endpoint-only`: the `host:port`s the run's proxy refused so far. */
  refusedHosts(): string[];
  /** Closes the loopback bridge and removes the run's cgroups. */
  close(): Promise<void>;
}

export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}

/** Joins the run's cgroups (its own pid, so bwrap and everything below start inside them), then becomes the command. */
const ENTER_CGROUPS = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';

/** `verifierDir`: the folder of the engine's verifier service socket, shown read-only at VERIFIER_DIR_INSIDE. */
export async function launchSandbox(plan: SandboxPlan, invocation: HarnessInvocation, runKey: string, options: { verifierDir?: string } = {}): Promise<LaunchedSandbox> {
  const problem = sandboxProblem();
  if (problem) throw new SandboxUnavailableError(problem);
  const bwrap = bwrapPath()!;
  const limits = applyRunResourceLimits(runKey, plan.limits);
  let bridge: LoopbackBridge | undefined;
  try {
    const proxy = plan.network === 'endpoint-only' ? createEgressProxy(plan.allowedHosts ?? []) : undefined;
    if (plan.network !== 'host' && (plan.loopbackPorts.length > 0 || proxy)) bridge = await openLoopbackBridge(plan.loopbackPorts, proxy ? { proxy } : {});
    // Inside out: the harness, behind the loopback bridge, under its rlimits, inside bwrap, inside its cgroups.
    let inner = [invocation.command, ...invocation.args];
    if (bridge) inner = [process.execPath, '-e', INNER_BRIDGE_SCRIPT, ...innerBridgeEntries(plan.loopbackPorts, proxy !== undefined), '--', ...inner];
    if (limits.prlimitOptions.length > 0) inner = [PRLIMIT_PATH!, ...limits.prlimitOptions, '--', ...inner];
    const sandboxed = [bwrap, ...bwrapArguments(plan, { command: inner[0]!, args: inner.slice(1), cwd: invocation.cwd }, { ...(bridge ? { bridgeDir: bridge.dir } : {}), ...options })];
    const outer = limits.cgroupProcsFiles.length > 0 ? ['/bin/sh', '-c', ENTER_CGROUPS, 'sh', ...limits.cgroupProcsFiles, '--', ...sandboxed] : sandboxed;
    const env = { ...invocation.env, ...(proxy ? proxyVariables() : {}) };
    for (const name of AGENT_SOCKET_VARIABLES) delete env[name];
    return {
      command: outer[0]!,
      args: outer.slice(1),
      env,
      record: { mode: 'bubblewrap', network: plan.network, limits: limits.record, ...(proxy ? { allowedHosts: plan.allowedHosts ?? [] } : {}) },
      limitHit: () => limits.hit(),
      refusedHosts: () => proxy?.refused() ?? [],
      async close() {
        await bridge?.close();
        limits.remove();
      },
    };
  } catch (error) {
    await bridge?.close();
    limits.remove();
    throw error;
  }
}

/**
 * How a run on network `endpoint-only` finds its proxy: the variables curl, Node.js tools, Python
 * and Rust HTTP clients (and so the three harness CLIs) read, in both cases, with the bridged
 * loopback ports left direct.
 */
function proxyVariables(): Record<string, string> {
  const proxy = `http://127.0.0.1:${PROXY_PORT_INSIDE}`;
  const direct = 'localhost,127.0.0.1,::1';
  return { HTTPS_PROXY: proxy, https_proxy: proxy, HTTP_PROXY: proxy, http_proxy: proxy, ALL_PROXY: proxy, all_proxy: proxy, NO_PROXY: direct, no_proxy: direct };
}
