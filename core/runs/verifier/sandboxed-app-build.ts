import { join } from 'node:path';
import { launchSandbox } from '../sandbox/launch-sandbox.ts';
import type { SandboxPlan } from '../sandbox/sandbox-plan.ts';
import { npmRunBuild, runAppBuild, type AppBuildRunner } from './run-app-build.ts';

/** What a build sees of the harness's environment: where programs are, its home, its language; no key. */
const BUILD_VARIABLES = ['PATH', 'LANG', 'LC_ALL'] as const;

/**
 * The engine's way to build the agent's app: `npm run build` is the agent's own code, so it runs
 * in a fresh sandbox made from the run's plan (same mounts, network and limits as the harness,
 * cgroups of its own), never as a process of the engine's. `signal` stops a build still going
 * when the run ends.
 */
export function sandboxedAppBuild(plan: SandboxPlan, runKey: string, harnessEnv: Record<string, string>, signal: AbortSignal): AppBuildRunner {
  return async (workdir, timeoutMs) => {
    const build = npmRunBuild(buildEnvironment(plan.runFolder, harnessEnv));
    const sandbox = await launchSandbox(plan, { command: build.command, args: build.args, env: build.env as Record<string, string>, cwd: workdir }, `verify-${runKey}`);
    try {
      return await runAppBuild(workdir, timeoutMs, { command: sandbox.command, args: sandbox.args, env: sandbox.env }, signal);
    } finally {
      await sandbox.close();
    }
  };
}

/** A run without sandbox (`sandbox: false`): the build runs as the harness did, an ordinary process, with the harness's home and no key. */
export function unsandboxedAppBuild(runFolder: string, harnessEnv: Record<string, string>, signal: AbortSignal): AppBuildRunner {
  return (workdir, timeoutMs) => runAppBuild(workdir, timeoutMs, npmRunBuild(buildEnvironment(runFolder, harnessEnv)), signal);
}

function buildEnvironment(runFolder: string, harnessEnv: Record<string, string>): Record<string, string> {
  const home = join(runFolder, 'home');
  const env: Record<string, string> = { HOME: home, TMPDIR: join(home, 'tmp') };
  for (const name of BUILD_VARIABLES) if (harnessEnv[name] !== undefined) env[name] = harnessEnv[name];
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  return env;
}
