import { create } from 'zustand';
import { z } from 'zod';
import { checkCardLicense, DEFAULT_CARD_LICENSE, licenseInputOf, type CardLicenseField, type CardLicenseWords } from '../../schemas/card-license.ts';
import { EXPORT_SUBSETS, type ExportFormat, type ExportResult, type ExportSubset } from '../../schemas/export.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { errorClause } from '../api/describe-error.ts';
import { readWorkspaceMemory, writeWorkspaceMemory } from '../ui/workspace-memory.ts';
import { followResultJob } from './follow-result-job.ts';

export type ExportPhase = 'idle' | 'starting' | 'exporting' | 'succeeded' | 'failed' | 'cancelled';

export interface ExportState {
  client?: RpcClient;
  outDir: string;
  format: ExportFormat;
  subsets: ExportSubset[];
  pseudonymise: boolean;
  includeSynthetic: boolean;
  /** The card's license as typed (a Hub id in any case), and for `other` its name and link. */
  license: string;
  licenseName: string;
  licenseLink: string;
  /** Why the license cannot be written, per field, in the screen's words (cleared when the field is edited). */
  licenseProblems: Partial<Record<CardLicenseField, string>>;
  /** The workspace's folder, which the license last chosen is remembered by; undefined until read. */
  workspaceDir?: string;
  phase: ExportPhase;
  jobId?: string;
  done: number;
  total: number;
  message: string;
  result?: ExportResult;
  /** Follows job events; returns the unsubscribe. */
  connect(client: RpcClient): () => void;
  setOutDir(outDir: string): void;
  setFormat(format: ExportFormat): void;
  toggleSubset(subset: ExportSubset): void;
  setPseudonymise(on: boolean): void;
  setIncludeSynthetic(on: boolean): void;
  setLicense(license: string): void;
  setLicenseName(name: string): void;
  setLicenseLink(link: string): void;
  /** Starts export.hf with the form's choices, or says what is missing. */
  start(): Promise<void>;
  cancel(): Promise<void>;
  jobChanged(job: Job): void;
}

/** How the Export screen's messages name the license fields (the same check as export.hf and the CLI). */
const SCREEN_LICENSE_WORDS: CardLicenseWords = { license: 'the license', licenseName: 'the license name', licenseLink: 'the license link' };
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The license fields as this browser remembers them for a workspace; anything else reads as nothing kept. */
const RememberedLicenseSchema = z.object({ license: z.string(), licenseName: z.string(), licenseLink: z.string() });
type RememberedLicense = z.infer<typeof RememberedLicenseSchema>;

function readRememberedLicense(workspaceDir: string): RememberedLicense | undefined {
  try {
    const parsed = RememberedLicenseSchema.safeParse(JSON.parse(readWorkspaceMemory('export-license', workspaceDir) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createExportStore() {
  return create<ExportState>()((set, get) => {
    const follow = followResultJob<ExportResult, ExportState>({
      kind: 'export.hf',
      get,
      set,
      fetchResult: async (client, jobId) => (await client.call('export.result', { jobId })).result,
      resultWords: 'the file list',
    });
    const rememberLicense = () => {
      const { workspaceDir, license, licenseName, licenseLink } = get();
      if (workspaceDir !== undefined) writeWorkspaceMemory('export-license', workspaceDir, JSON.stringify({ license, licenseName, licenseLink } satisfies RememberedLicense));
    };

    return {
      outDir: '',
      format: 'parquet',
      subsets: [...EXPORT_SUBSETS],
      pseudonymise: false,
      includeSynthetic: false,
      license: DEFAULT_CARD_LICENSE,
      licenseName: '',
      licenseLink: '',
      licenseProblems: {},
      phase: 'idle',
      done: 0,
      total: 0,
      message: '',

      connect(client) {
        set({ client });
        void client
          .call('workspace.info', {})
          .then(({ workspaceDir }) => {
            set({ workspaceDir });
            // A license chosen before the answer came is newer than the remembered one: it is kept,
            // and remembered now (choosing could not remember it without knowing the workspace).
            const untouched = get().license === DEFAULT_CARD_LICENSE && get().licenseName === '' && get().licenseLink === '';
            if (!untouched) return rememberLicense();
            const remembered = readRememberedLicense(workspaceDir);
            if (remembered) set(remembered);
          })
          .catch(() => undefined); // the default stays; the form works without the remembered license
        return client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
      },
      setOutDir: (outDir) => set({ outDir }),
      setFormat: (format) => set({ format }),
      toggleSubset: (subset) =>
        set((state) => ({ subsets: state.subsets.includes(subset) ? state.subsets.filter((s) => s !== subset) : EXPORT_SUBSETS.filter((s) => s === subset || state.subsets.includes(s)) })),
      setPseudonymise: (pseudonymise) => set({ pseudonymise }),
      setIncludeSynthetic: (includeSynthetic) => set({ includeSynthetic }),
      // A new license can make the name and link (only for other) wrong or right: clear all three.
      setLicense(license) {
        set({ license, licenseProblems: {} });
        rememberLicense();
      },
      setLicenseName(licenseName) {
        set((state) => ({ licenseName, licenseProblems: { ...state.licenseProblems, licenseName: undefined } }));
        rememberLicense();
      },
      setLicenseLink(licenseLink) {
        set((state) => ({ licenseLink, licenseProblems: { ...state.licenseProblems, licenseLink: undefined } }));
        rememberLicense();
      },

      async start() {
        const { client, outDir, format, subsets, pseudonymise, includeSynthetic, phase } = get();
        if (!client || phase === 'starting' || phase === 'exporting') return;
        if (outDir.trim().length === 0) return set({ phase: 'failed', message: 'Type the folder to create on the server machine, e.g. /home/me/datasets/lhb-release. Nothing was exported.' });
        if (subsets.length === 0) return set({ phase: 'failed', message: 'Choose at least one subset. Nothing was exported.' });
        const { license: typed, licenseName, licenseLink } = get();
        // The name and link fields show only for other; what they hold otherwise is not sent.
        const isOther = typed.trim().toLowerCase() === 'other';
        const checked = checkCardLicense({ license: typed, ...(isOther ? { licenseName, licenseLink } : {}) }, SCREEN_LICENSE_WORDS);
        if (!checked.license) {
          return set({
            phase: 'failed',
            licenseProblems: Object.fromEntries(checked.problems.map((problem) => [problem.field, sentence(problem.message)])),
            message: 'Check the license: the fields marked say what is wrong. Nothing was exported.',
          });
        }
        set({ phase: 'starting', message: 'Starting the export…', result: undefined, done: 0, total: 0, jobId: undefined, licenseProblems: {} });
        try {
          const { jobId } = await client.call('export.hf', {
            outDir: outDir.trim(),
            format,
            subsets,
            pseudonymise,
            includeSynthetic,
            ...licenseInputOf(checked.license),
          });
          set({ jobId, phase: 'exporting' });
          await follow.started(jobId);
        } catch (error) {
          set({ phase: 'failed', message: `Could not start the export: ${errorClause(error)}. Nothing was written.` });
        }
      },

      async cancel() {
        const { client, jobId } = get();
        if (client && jobId) await client.call('jobs.cancel', { jobId }).catch(() => undefined);
      },

      jobChanged: (job) => follow.jobChanged(job),
    };
  });
}

export const useExportStore = createExportStore();
