import { HarnessIdSchema } from '../../schemas/trajectory.ts';
import { HARNESS_ADAPTERS, harnessIdsInWords, installableHarnesses } from '../runs/harnesses/harness-registry.ts';
import { harnessToolsDir } from '../runs/harnesses/harness-tools.ts';
import { installHarness } from '../runs/harnesses/install-harness.ts';
import { resolveWorkspaceDir } from '../store/workspace-location.ts';
import { withCliApi } from './open-cli-api.ts';

/** `lhb harnesses`: every harness with the version found, or what is missing and how to install it. */
export async function runHarnessesList(options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      // The list answers at once; a version still being asked is waited for here, as this command is there to say it.
      let { harnesses } = await api.call('harnesses.list', {});
      while (harnesses.some((harness) => harness.detection === 'detecting')) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        ({ harnesses } = await api.call('harnesses.list', {}));
      }
      if (options.json) return void process.stdout.write(`${JSON.stringify(harnesses, null, 2)}\n`);
      process.stdout.write(`${'HARNESS'.padEnd(12)}  ${'VERSION'.padEnd(10)}  WHERE\n`);
      for (const harness of harnesses) {
        const where = harness.takesCommand ? `any command: --harness ${harness.id} --command "CMD"` : (harness.binary ?? `not installed (pinned ${harness.pinnedVersion})`);
        process.stdout.write(`${harness.id.padEnd(12)}  ${(harness.version ?? '-').padEnd(10)}  ${where}\n`);
        if (harness.versionProblem) process.stderr.write(`  ${harness.versionProblem} Runs of it ask again before they start.\n`);
      }
      const missing = harnesses.filter((h) => h.pinnedVersion !== null && !h.binary);
      if (missing.length > 0) process.stderr.write(`Install with: ${missing.map((h) => `lhb harnesses install ${h.id}`).join('; ')}\n`);
    },
    { access: 'read' },
  );
}

/** `lhb harnesses install NAME [--version V]`: a pinned version from npm into the workspace's tools folder. */
export async function runHarnessesInstall(name: string, options: { version?: string; workspace?: string; json?: boolean }): Promise<void> {
  const id = HarnessIdSchema.safeParse(name);
  const adapter = id.success ? HARNESS_ADAPTERS[id.data] : undefined;
  if (!adapter?.npm) {
    process.stderr.write(`lhb: "${name}" is not an installable harness. Choose ${harnessIdsInWords(installableHarnesses())}.\n`);
    process.exitCode = 2;
    return;
  }
  const toolsDir = harnessToolsDir(resolveWorkspaceDir(options.workspace));
  const installed = await installHarness(adapter, toolsDir, options.version, {
    onFetch: (packageSpec) => {
      if (!options.json) process.stderr.write(`Installing ${packageSpec} into ${toolsDir} with npm…\n`);
    },
    onWait: (owner) => process.stderr.write(`Another install of this version is running (${owner}); waiting for it to finish…\n`),
  });
  if (options.json) process.stdout.write(`${JSON.stringify({ harness: adapter.id, ...installed })}\n`);
  else process.stdout.write(`${adapter.displayName} ${installed.version} is installed: ${installed.binary}\n`);
}
