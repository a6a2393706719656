import type { ImportResult } from '../../schemas/import.ts';
import type { Api } from '../api/create-api.ts';

/** Imports a dataset folder through the API as the app does (a job), and answers how the job ended and its result. */
export async function importFolder(api: Api, folder: string): Promise<{ state: string; message: string; result: ImportResult | null }> {
  const { jobId } = (await api.call('import.hf', { dir: folder })) as { jobId: string };
  await api.context.jobs.idle();
  const job = ((await api.call('jobs.list', { limit: 500 })) as { jobs: { id: string; state: string; message: string }[] }).jobs.find((candidate) => candidate.id === jobId)!;
  const { result } = (await api.call('import.result', { jobId })) as { result: ImportResult | null };
  return { state: job.state, message: job.message, result };
}
