import { followJob } from './follow-job.ts';
import { requireWorkspace } from './info-command.ts';
import { withCliApi } from './open-cli-api.ts';

/**
 * `lhb workspace verify`: the app's "Verify workspace" from the terminal. SQLite's integrity check
 * of the database, then every stored file against its recorded size and SHA-256; prints what it
 * found (the healthy summary on stdout, the damage on stderr with exit 1). A folder that holds no
 * workspace is refused, and nothing is created in it.
 */
export async function runWorkspaceVerify(options: { workspace?: string }): Promise<void> {
  requireWorkspace(options.workspace);
  await withCliApi(options.workspace, async (api) => {
    const { jobId } = await api.call('workspace.verify', {});
    const job = await followJob(api.context.jobs, jobId, { ctrlC: {} });
    const message = job?.message ?? `The check ${jobId} ended without a result.`;
    if (job?.state === 'succeeded') {
      process.stdout.write(`${message}\n`);
      return;
    }
    process.stderr.write(`lhb: ${message}\n`);
    process.exitCode = 1;
  });
}
