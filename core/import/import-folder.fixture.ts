import type { ImportResult } from '../../schemas/import.ts';
import type { Api } from '../api/create-api.ts';

/** Imports a dataset folder through the API as the app does (a job), and answers how the job ended and its result. */
export async function importFolder(api: Api, folder: string): Promise<{ state: string; message: string; result: ImportResult | null }> {
  const { jobId } = await api.call('import.hf', { dir: folder });
  await api.context.jobs.idle();
  const job = (await api.call('jobs.list', { limit: 500 })).jobs.find((candidate) => candidate.id === jobId)!;
  const { result } = await api.call('import.result', { jobId });
  return { state: job.state, message: job.message, result };
}
