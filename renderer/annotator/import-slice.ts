import type { StateCreator } from 'zustand';
import type { Job } from '../../schemas/jobs.ts';
import { MAX_SOURCE_BYTES } from '../../schemas/sources.ts';
import { followStartedJob } from '../app/follow-started-job.ts';
import type { AnnotatorState } from './annotator-store.ts';
import { errorMessage } from './error-message.ts';

/** A file to import: what a file picker or a drop gives (a browser File satisfies it). */
export interface ImportableFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ImportState {
  /** `partial`: the job finished but some files failed (its message names them and why). */
  phase: 'uploading' | 'importing' | 'done' | 'partial' | 'failed';
  /** Progress, or the job's final word (which names each file that failed and why). */
  message: string;
  jobId?: string;
}

export interface ImportSlice {
  sourceFilter: string;
  importState?: ImportState;
  setSourceFilter(filter: string): void;
  /** Uploads each file, starts one import job for them all and refreshes the sources when it ends. */
  importFiles(files: readonly ImportableFile[]): Promise<void>;
  /** Fed every job event; follows the import started here. */
  jobChanged(job: Job): void;
  dismissImport(): void;
}

const MIB = 1024 * 1024;

type Slice = StateCreator<AnnotatorState, [], [], ImportSlice>;

export const createImportSlice: Slice = (set, get) => {
  const followImport = followStartedJob({
    follows: (jobId) => get().importState?.jobId === jobId && get().importState?.phase === 'importing',
    progressed(job) {
      if (job.message) set({ importState: { ...get().importState!, message: job.message } });
    },
    async ended(job) {
      const phase = job.state !== 'succeeded' ? 'failed' : (job.failed ?? 0) > 0 ? 'partial' : 'done';
      set({ importState: { phase, message: job.message || `The import ${job.state}.`, jobId: job.id } });
      const { client, dataRoom } = get();
      if (!client || !dataRoom) return;
      try {
        const detail = await client.call('dataRooms.get', { dataRoomId: dataRoom.id });
        if (get().dataRoom?.id !== detail.id) return;
        set({ dataRoom: detail });
        if (!get().doc && detail.sources[0]) await get().openSource(detail.sources[0].id);
      } catch (error) {
        set({ error: errorMessage('refresh the sources after the import', error) });
      }
    },
  });

  return {
    sourceFilter: '',

    setSourceFilter(filter) {
      set({ sourceFilter: filter });
    },

    async importFiles(files) {
      const { client, dataRoom } = get();
      if (!client || files.length === 0) return;
      const tooBig = files.filter((f) => f.size > MAX_SOURCE_BYTES);
      const accepted = files.filter((f) => f.size <= MAX_SOURCE_BYTES);
      const skipped = tooBig.map((f) => `${f.name} (${Math.round(f.size / MIB)} MiB; the limit is ${MAX_SOURCE_BYTES / MIB} MiB)`).join(', ');
      if (accepted.length === 0) {
        set({ importState: { phase: 'failed', message: `Nothing imported. Too large: ${skipped}.` } });
        return;
      }
      const uploaded: { name: string; blobSha256: string }[] = [];
      try {
        for (const [index, file] of accepted.entries()) {
          set({ importState: { phase: 'uploading', message: `Uploading ${index + 1} of ${accepted.length}: ${file.name}` } });
          const blob = await client.putBlob(await file.arrayBuffer());
          uploaded.push({ name: file.name, blobSha256: blob.sha256 });
        }
        const { jobId } = await client.call('sources.importFiles', { files: uploaded, ...(dataRoom ? { dataRoomId: dataRoom.id } : {}) });
        const note = skipped ? ` Not uploaded, too large: ${skipped}.` : '';
        set({ importState: { phase: 'importing', message: `Importing ${uploaded.length} file${uploaded.length === 1 ? '' : 's'}…${note}`, jobId } });
        await followImport.started(jobId);
      } catch (error) {
        const kept = uploaded.length > 0 ? ` ${uploaded.length} file(s) were uploaded but not imported; import them again.` : '';
        set({ importState: { phase: 'failed', message: `${errorMessage('import the files', error)}${kept}` } });
      }
    },

    jobChanged: (job) => followImport.jobChanged(job),

    dismissImport() {
      set({ importState: undefined });
    },
  };
};
