import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { startImportJob } from '../../sources/import-job.ts';
import { importPaths } from '../../sources/import-sources.ts';
import type { ApiContext } from '../api-context.ts';
import { importJobTitle, importTarget } from './sources-import-target.ts';

/**
 * Imports files and folders on this machine (CLI, Electron); a job. Paths are the server's
 * own, relative ones resolve against its working folder; the caller already holds the
 * workspace token, so reading files this user can read is within what it may do.
 */
export function sourcesImportPaths(input: RpcParsedInput<'sources.importPaths'>, ctx: ApiContext): RpcOutput<'sources.importPaths'> {
  const target = importTarget(input.dataRoomId, ctx);
  const job = startImportJob(ctx.jobs, importJobTitle(input.paths), (options) => importPaths(ctx.workspace, input.paths, { ...options, ...target }));
  return { jobId: job.id };
}
