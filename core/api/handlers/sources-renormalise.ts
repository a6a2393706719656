import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { startImportJob } from '../../sources/import-job.ts';
import { renormaliseSources } from '../../sources/renormalise-sources.ts';
import type { ApiContext } from '../api-context.ts';
import { reanchorNewVersion } from './reanchor-new-version.ts';

/** Re-reads sources made by an older normaliser as new versions, re-anchoring citations; a job. */
export function sourcesRenormalise(input: RpcParsedInput<'sources.renormalise'>, ctx: ApiContext): RpcOutput<'sources.renormalise'> {
  const ids = input.sourceIds ?? [];
  const title = ids.length === 1 ? `Re-read ${ids[0]}` : ids.length === 0 ? 'Re-read all sources' : `Re-read ${ids.length} sources`;
  const job = startImportJob(ctx.jobs, title, (options) =>
    renormaliseSources(ctx.workspace, ids, {
      ...options,
      onNewVersion: (sourceId, _previousVersionId, newVersionId) => reanchorNewVersion(ctx, sourceId, newVersionId),
    }),
  );
  return { jobId: job.id };
}
