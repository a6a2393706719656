import { checkCardLicense, licenseInputOf, type CardLicense, type CardLicenseWords } from '../../schemas/card-license.ts';
import { HUB_LICENSES_PAGE } from '../../schemas/hub-licenses.ts';
import { EXPORT_SUBSETS, ExportSubsetSchema, type ExportFormat, type ExportResult, type ExportSubset } from '../../schemas/export.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { followJobWithShare } from './follow-job-with-share.ts';
import { prepareHubPush, pushExportedFolder, type HubPushOptions } from './hub-push-command.ts';
import { checkHubRepoName } from '../export/hub/hub-repo-name.ts';
import type { Api } from '../api/create-api.ts';
import { withCliApi } from './open-cli-api.ts';

export interface ExportHfOptions extends Partial<HubPushOptions> {
  /** The folder to write; with --push and without --out, a temporary one removed after the push. */
  out?: string;
  format?: string;
  subsets?: string;
  pseudonymise?: boolean;
  includeSynthetic?: boolean;
  license?: string;
  licenseName?: string;
  licenseLink?: string;
  /** Study ids (or their starts): only their runs, and the votes and judgments touching only them. */
  study?: string[];
  json?: boolean;
  workspace?: string;
}

/**
 * `lhb export hf --out DIR`: writes the workspace as a Hugging Face dataset folder through
 * export.hf, with progress on stderr (a TTY line, or nothing when piped) and Ctrl+C cancelling
 * (nothing is left behind). Prints the files and row counts, or the result as JSON with --json.
 * With `--push OWNER/NAME` it then uploads the folder to the Hub (hub-push-command.ts); the token
 * is found first, so without one nothing is exported or sent. An export of an unchanged workspace
 * is byte-identical, so pushing again after an interrupted push re-sends only what had not arrived.
 */
export async function runExportHf(options: ExportHfOptions): Promise<void> {
  const format = parseFormat(options.format);
  const subsets = options.subsets === undefined ? undefined : parseSubsets(options.subsets);
  const license = parseLicense(options);
  if (options.out === undefined && options.push === undefined) throw new Error('Give --out DIR (the folder to write), --push OWNER/NAME (a dataset repository on the Hub), or both.');
  const pushOnly = (['private', 'revision', 'hubUrl'] as const).filter((name) => options[name] !== undefined);
  if (options.push === undefined && pushOnly.length > 0) throw new Error(`${pushOnly.map((name) => PUSH_FLAGS[name]).join(', ')} ${pushOnly.length === 1 ? 'is' : 'are'} for --push OWNER/NAME, which is not given.`);
  const push = options.push === undefined ? undefined : { ...options, push: options.push };
  if (push) checkHubRepoName(push.push);
  await withCliApi(options.workspace, async (api) => {
    // The push goes through export.push as the Export screen's does: this process is the server, so --hub-url is its setting.
    if (push) await prepareHubPush(api, push);
    const temporary = options.out === undefined ? mkdtempSync(join(tmpdir(), 'lhb-push-')) : undefined;
    try {
      const outDir = options.out ?? join(temporary!, 'dataset');
      const exported = await exportFolder(api, outDir, options, { format, subsets, license });
      const pushed = push ? await pushExportedFolder(api, exported.jobId, push, options.json === true) : undefined;
      if (options.json) process.stdout.write(`${JSON.stringify({ ...exported.result, card: undefined, ...(pushed ? { push: pushed } : {}) }, null, 2)}\n`);
    } finally {
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    }
  });
}

/** The export itself; prints its files and what to do about the license, unless --json. */
async function exportFolder(api: Api, outDir: string, options: ExportHfOptions, { format, subsets, license }: { format: ExportFormat; subsets: ExportSubset[] | undefined; license: CardLicense }): Promise<{ jobId: string; result: ExportResult }> {
  const { jobId } = await api.call('export.hf', {
      outDir,
      format,
      ...(subsets ? { subsets } : {}),
      pseudonymise: options.pseudonymise === true,
      includeSynthetic: options.includeSynthetic === true,
      ...(options.study && options.study.length > 0 ? { studies: options.study } : {}),
      ...licenseInputOf(license),
    });
    const job = await followJobWithShare(api.context.jobs, jobId);
    const { result } = await api.call('export.result', { jobId });
    if (!result) throw new Error(job?.message ?? `The export job ${jobId} ended without a result.`);
    if (options.json) return { jobId, result };
    for (const file of result.files) process.stdout.write(`${file.path}\t${file.rows} rows\t${file.bytes} bytes\n`);
    process.stdout.write(`README.md (dataset card)\n`);
    const total = result.rows.reduce((sum, subset) => sum + subset.rows, 0);
    process.stderr.write(
      `Exported ${total} rows to ${result.outDir}${result.includesSynthetic ? ' (with the synthetic split)' : ''}${result.pseudonymised ? ', annotators pseudonymised' : ''}.\n`,
    );
    const advice = licenseAdvice(license);
    if (advice) process.stderr.write(`${advice}\n`);
    return { jobId, result };
}

const PUSH_FLAGS = { private: '--private', revision: '--revision', hubUrl: '--hub-url' } as const;

const CLI_LICENSE_WORDS: CardLicenseWords = { license: '--license', licenseName: '--license-name', licenseLink: '--license-link' };

/** The same check export.hf makes, in the flags' own words, before anything is opened. */
function parseLicense(options: ExportHfOptions): CardLicense {
  const checked = checkCardLicense({ license: options.license, licenseName: options.licenseName, licenseLink: options.licenseLink }, CLI_LICENSE_WORDS);
  if (!checked.license) throw new Error(checked.problems.map((problem) => problem.message).join(' '));
  return checked.license;
}

/** What a publisher still has to do about the license, once the folder is written. */
function licenseAdvice(license: CardLicense): string | undefined {
  if (license.id === 'unknown') return `The card's license is unknown: give --license ID (the Hub's ids: ${HUB_LICENSES_PAGE}) to state one.`;
  if (license.id === 'other' && !/^https?:/.test(license.link ?? '')) {
    return `The card names the license ${license.name} (other): add its text to the dataset's repository as ${license.link ?? 'LICENSE'} before publishing, as the Hub asks.`;
  }
  return undefined;
}

function parseFormat(format: string | undefined): ExportFormat {
  if (format === undefined || format === 'parquet' || format === 'jsonl') return format ?? 'parquet';
  throw new Error(`--format ${format} is not one of parquet, jsonl.`);
}

function parseSubsets(list: string): ExportSubset[] {
  const names = list.split(',').map((name) => name.trim()).filter((name) => name.length > 0);
  const unknown = names.filter((name) => !ExportSubsetSchema.safeParse(name).success);
  if (unknown.length > 0 || names.length === 0) throw new Error(`--subsets ${list}: ${unknown.length > 0 ? `${unknown.join(', ')} is not a subset` : 'names none'}; choose from ${EXPORT_SUBSETS.join(', ')}.`);
  return [...new Set(names)] as ExportSubset[];
}
