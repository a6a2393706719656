import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { startImportJob } from '../../sources/import-job.ts';
import { importUploadedFiles } from '../../sources/import-sources.ts';
import type { ApiContext } from '../api-context.ts';
import { importJobTitle, importTarget } from './sources-import-target.ts';

/** Imports files the client uploaded into the blob store beforehand (client.putBlob); a job. */
export function sourcesImportFiles(input: RpcParsedInput<'sources.importFiles'>, ctx: ApiContext): RpcOutput<'sources.importFiles'> {
  const target = importTarget(input.dataRoomId, ctx);
  const job = startImportJob(ctx.jobs, importJobTitle(input.files.map((f) => f.name)), (options) =>
    importUploadedFiles(ctx.workspace, input.files, { ...options, ...target }),
  );
  return { jobId: job.id };
}
