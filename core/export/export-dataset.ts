import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { EXPORT_SUBSETS, type ExportedFile, type ExportOptions, type ExportResult, type ExportSplit, type ExportSubset } from '../../schemas/export.ts';
import { loadStudyScope } from '../analysis/study-scope.ts';
import { describeDiskFull, isDiskFullError } from '../store/disk-full.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { annotatorPseudonymiser } from './annotator-pseudonyms.ts';
import { CollectionFacts } from './collection-facts.ts';
import type { RoomPlanFigures } from './card-room-plans.ts';
import { renderDatasetCard } from './dataset-card.ts';
import type { ExportContext } from './export-context.ts';
import { ExportFolder } from './export-folder.ts';
import { JsonlFileWriter } from './jsonl-file-writer.ts';
import { CopiedFiles } from './copied-files.ts';
import { exportRedactor } from './export-redaction.ts';
import { redactRow } from './local-paths.ts';
import { hasGlobCharacters, ParquetWriter } from './parquet-from-jsonl.ts';
import { shapeRow } from './shape-row.ts';
import { SUBSET_FIELDS } from './subset-fields.ts';
import { countSubsetRows, subsetRows, SUBSETS_WITH_SYNTHETIC } from './subset-rows.ts';

export interface ExportDeps {
  workspace: Workspace;
  project: { id: string; name: string };
  /** The analysis report over what is exported (synthetic included or not), for the card's agreement figures; absent, the card has none. */
  analysis?: (includeSynthetic: boolean) => AnalysisReport;
  /** One data room's plans in figures (agreement, the gold plan's origins), for the card; absent, the card leaves them out. */
  roomPlans?: (dataRoomId: string) => RoomPlanFigures;
}

export interface ExportProgress {
  signal: AbortSignal;
  report(done: number, total: number, message: string): void;
}

/** Rows between progress reports and cancel checks. */
const REPORT_EVERY = 1000;

export class ExportCancelledError extends Error {
  override name = 'ExportCancelledError';
}

/** `train-00000-of-00001.parquet`: the Hub's shard naming (one shard per split). */
export const dataFileName = (split: ExportSplit, format: ExportOptions['format']) => `${split}-00000-of-00001.${format}`;

/**
 * Writes the workspace as a Hugging Face dataset folder: README.md (the card) and
 * data/<subset>/<split>-00000-of-00001.<format>. Rows stream from the store a page at a time
 * into JSON lines (and through DuckDB into Parquet), so memory stays flat however large the
 * workspace; everything is written aside and renamed into place at the end.
 */
export async function exportDataset(deps: ExportDeps, options: ExportOptions, progress: ExportProgress): Promise<ExportResult> {
  const outDir = resolve(options.outDir);
  try {
    return await writeExport(deps, options, outDir, progress);
  } catch (error) {
    if (!isDiskFullError(error)) throw error;
    const parent = dirname(outDir);
    throw new Error(`Could not export to ${outDir}: ${describeDiskFull(parent, (error as Error).message, undefined, 'export to a folder on a larger disk')} Nothing was exported, and no partial folder was left in ${parent}.`, {
      cause: error,
    });
  }
}

/** exportDataset's work, into the staging folder that is renamed onto `outDir` at the end (or removed). */
async function writeExport(deps: ExportDeps, options: ExportOptions, outDir: string, progress: ExportProgress): Promise<ExportResult> {
  const { workspace } = deps;
  const subsets = EXPORT_SUBSETS.filter((subset) => (options.subsets ?? EXPORT_SUBSETS).includes(subset));
  const redact = exportRedactor({ db: workspace.db, projectId: deps.project.id, workspaceDir: workspace.dir });
  const ctx: ExportContext = {
    db: workspace.db,
    workspace,
    projectId: deps.project.id,
    demo: options.includeSynthetic ? 1 : 0,
    annotatorName: options.pseudonymise ? annotatorPseudonymiser(workspace.db) : (name) => name,
    facts: new CollectionFacts(),
    scope: loadStudyScope(workspace.db, options.studies),
    files: new CopiedFiles(redact),
  };
  const plan = planFiles(ctx, subsets, options.includeSynthetic);
  const total = plan.reduce((sum, item) => sum + item.expected, 0);
  const folder = ExportFolder.prepare(outDir);
  ctx.files.writeInto(folder.staging);
  // DuckDB reads its input path as a glob; a staging folder whose name has glob characters keeps
  // its JSON lines in the system's temp folder instead.
  const scratch = hasGlobCharacters(folder.staging) ? mkdtempSync(join(tmpdir(), 'lhb-export-')) : join(folder.staging, '.scratch');
  let parquet: ParquetWriter | undefined;
  try {
    mkdirSync(scratch, { recursive: true });
    if (options.format === 'parquet') parquet = await ParquetWriter.open(scratch);
    const files: ExportedFile[] = [];
    let done = 0;
    progress.report(0, total, `Exporting ${total} rows of ${subsets.length} subset${subsets.length === 1 ? '' : 's'}…`);
    for (const item of plan) {
      const relative = `data/${item.subset}/${dataFileName(item.split, options.format)}`;
      const target = join(folder.staging, relative);
      mkdirSync(join(folder.staging, 'data', item.subset), { recursive: true });
      const jsonl = options.format === 'jsonl' ? target : join(scratch, `${item.subset}-${item.split}.jsonl`);
      const writer = new JsonlFileWriter(jsonl);
      const fields = SUBSET_FIELDS[item.subset];
      try {
        for await (const row of subsetRows(ctx, item.subset, item.split)) {
          await writer.write(shapeRow(fields, redactRow(row, redact), `${item.subset} (${item.split}) row ${writer.rows + 1}`));
          done += 1;
          if (writer.rows % REPORT_EVERY === 0) {
            if (progress.signal.aborted) throw new ExportCancelledError('Cancelled.');
            progress.report(done, Math.max(total, done), `Writing ${item.subset} (${item.split}): ${writer.rows} of ${item.expected} rows`);
          }
        }
        await writer.close();
      } catch (error) {
        writer.destroy();
        throw error;
      }
      if (progress.signal.aborted) throw new ExportCancelledError('Cancelled.');
      if (parquet) {
        progress.report(done, Math.max(total, done), `Writing ${relative}`);
        await parquet.convert(jsonl, target, fields, writer.longestLineBytes);
        rmSync(jsonl);
      }
      files.push({ subset: item.subset, split: item.split, path: relative, rows: writer.rows, bytes: statSync(target).size });
    }
    parquet?.close();
    parquet = undefined;
    rmSync(scratch, { recursive: true, force: true });
    progress.report(done, Math.max(total, done), 'Writing the dataset card…');
    const analysis = deps.analysis && subsets.some((subset) => subset === 'preferences' || subset === 'judgments') ? deps.analysis(options.includeSynthetic) : undefined;
    const card = redact(
      renderDatasetCard({
        projectName: deps.project.name,
        license: { id: options.license, ...(options.licenseName ? { name: options.licenseName } : {}), ...(options.licenseLink ? { link: options.licenseLink } : {}) },
        format: options.format,
        subsets,
        files,
        pseudonymised: options.pseudonymise,
        includesSynthetic: options.includeSynthetic,
        facts: ctx.facts,
        studies: ctx.scope?.studies ?? null,
        analysis,
        roomPlans: deps.roomPlans ? [...ctx.facts.dataRooms.keys()].map(deps.roomPlans).sort((a, b) => a.agreement.dataRoom.title.localeCompare(b.agreement.dataRoom.title)) : [],
        annotatorName: ctx.annotatorName,
      }),
    );
    writeFileSync(join(folder.staging, 'README.md'), card);
    if (progress.signal.aborted) throw new ExportCancelledError('Cancelled.');
    folder.commit();
    const rows = subsets.map((subset) => ({ subset, rows: files.filter((file) => file.subset === subset).reduce((sum, file) => sum + file.rows, 0) }));
    return { outDir, format: options.format, pseudonymised: options.pseudonymise, includesSynthetic: options.includeSynthetic, files, rows, card };
  } catch (error) {
    parquet?.close();
    rmSync(scratch, { recursive: true, force: true });
    folder.discard();
    throw error;
  }
}

interface PlannedFile {
  subset: ExportSubset;
  split: ExportSplit;
  expected: number;
}

/**
 * Every subset gets a `train` file (empty when it has no real rows, so its config and features
 * still load); a subset with synthetic rows also gets a `synthetic` file when they are asked for.
 */
function planFiles(ctx: ExportContext, subsets: readonly ExportSubset[], includeSynthetic: boolean): PlannedFile[] {
  const plan: PlannedFile[] = [];
  for (const subset of subsets) {
    plan.push({ subset, split: 'train', expected: countSubsetRows(ctx, subset, 'train') });
    if (includeSynthetic && SUBSETS_WITH_SYNTHETIC.has(subset)) {
      const expected = countSubsetRows(ctx, subset, 'synthetic');
      if (expected > 0) plan.push({ subset, split: 'synthetic', expected });
    }
  }
  return plan;
}
