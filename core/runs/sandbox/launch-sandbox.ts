import type { RunSandbox } from '../../../schemas/studies.ts';
import type { HarnessInvocation } from '../harnesses/harness-adapter.ts';
import { AGENT_SOCKET_VARIABLES, bwrapArguments } from './bwrap-arguments.ts';
import { INNER_BRIDGE_SCRIPT, openLoopbackBridge, type LoopbackBridge } from './loopback-bridge.ts';
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
  /** Closes the loopback bridge and removes the run's cgroups. */
  close(): Promise<void>;
}

export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}

/** Joins the run's cgroups (its own pid, so bwrap and everything below start inside them), then becomes the command. */
const ENTER_CGROUPS = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';

export async function launchSandbox(plan: SandboxPlan, invocation: HarnessInvocation, runKey: string): Promise<LaunchedSandbox> {
  const problem = sandboxProblem();
  if (problem) throw new SandboxUnavailableError(problem);
  const bwrap = bwrapPath()!;
  const limits = applyRunResourceLimits(runKey, plan.limits);
  let bridge: LoopbackBridge | undefined;
  try {
    if (plan.network === 'none' && plan.loopbackPorts.length > 0) bridge = await openLoopbackBridge(plan.loopbackPorts);
    // Inside out: the harness, behind the loopback bridge, under its rlimits, inside bwrap, inside its cgroups.
    let inner = [invocation.command, ...invocation.args];
    if (bridge) inner = [process.execPath, '-e', INNER_BRIDGE_SCRIPT, ...plan.loopbackPorts.map(String), '--', ...inner];
    if (limits.prlimitOptions.length > 0) inner = [PRLIMIT_PATH!, ...limits.prlimitOptions, '--', ...inner];
    const sandboxed = [bwrap, ...bwrapArguments(plan, { command: inner[0]!, args: inner.slice(1), cwd: invocation.cwd }, bridge ? { bridgeDir: bridge.dir } : {})];
    const outer = limits.cgroupProcsFiles.length > 0 ? ['/bin/sh', '-c', ENTER_CGROUPS, 'sh', ...limits.cgroupProcsFiles, '--', ...sandboxed] : sandboxed;
    const env = { ...invocation.env };
    for (const name of AGENT_SOCKET_VARIABLES) delete env[name];
    return {
      command: outer[0]!,
      args: outer.slice(1),
      env,
      record: { mode: 'bubblewrap', network: plan.network, limits: limits.record },
      limitHit: () => limits.hit(),
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
