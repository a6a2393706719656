import { basename } from 'node:path';
import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { findChapterByTitles } from '../../annotate/data-room-detail.ts';
import { importBundles } from '../../runs/bundles/import-bundles.ts';
import { startBundleImportJob } from '../../runs/bundles/import-bundles-job.ts';
import type { ApiContext } from '../api-context.ts';
import { annotateDeps } from './annotate-context.ts';

/**
 * Imports task folders and output bundles from this machine; a job. Programmatic tasks name
 * their chapter by titles, which core/annotate resolves.
 */
export function runsImportPaths(input: RpcParsedInput<'runs.importPaths'>, ctx: ApiContext): RpcOutput<'runs.importPaths'> {
  const title = input.paths.length === 1 ? `Import runs from ${basename(input.paths[0] as string)}` : `Import runs from ${input.paths.length} folders`;
  const deps = annotateDeps(ctx);
  const job = startBundleImportJob(ctx.jobs, title, (options) =>
    importBundles(ctx.workspace, input.paths, { ...options, resolveChapter: (dataRoom, chapter) => findChapterByTitles(deps, dataRoom, chapter) }),
  );
  return { jobId: job.id };
}
