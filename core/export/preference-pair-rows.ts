import type { ExportSplit } from '../../schemas/export.ts';
import { TrajectorySchema, type TrajectoryTurn } from '../../schemas/trajectory.ts';
import { firstVotePerAnnotatorAndPair } from '../analysis/study-data.ts';
import { workspaceBlobReader } from '../analysis/turn-facts.ts';
import { pageExportVotes, type ExportVoteRow } from '../store/export-queries.ts';
import { listImportedRunArtifacts } from '../store/imported-run-facts-repository.ts';
import { listRunFiles, listRuns } from '../store/run-repository.ts';
import { findRunTrajectory } from '../store/run-trajectory-repository.ts';
import { findStudyRunByRunId } from '../store/study-repository.ts';
import { findTask } from '../store/task-repository.ts';
import { listLiveVoteOutcomes, type VoteOutcomeRow } from '../store/vote-repository.ts';
import { PAGE_ROWS, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { inExportScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

const flag = (split: ExportSplit) => (split === 'synthetic' ? 1 : 0);

/**
 * The live votes the analysis counts by default (core/analysis/study-data.ts): an annotator's first
 * vote on a pair, not their repeats (the demo's generated votes as made), fast votes included, as
 * `lhb analyze` counts them unless asked to leave them out; of those, the decided ones (a winner:
 * not a tie, not both-bad), since a pair for preference training needs a chosen and a rejected run.
 */
function countedDecidedVotes(ctx: ExportContext, split: ExportSplit): Map<string, VoteOutcomeRow> {
  const live = listLiveVoteOutcomes(ctx.db).reverse();
  const generated = new Set(live.filter((vote) => vote.synthetic === 1).map((vote) => vote.id));
  const counted = firstVotePerAnnotatorAndPair(live, generated);
  // The demo's arena runs are exported only with synthetic data, and so are the votes on them.
  const demoRuns = ctx.demo === 1 ? new Set<string>() : new Set(listRuns(ctx.db, ctx.projectId).filter((run) => run.demo === 1).map((run) => run.id));
  const exported = (vote: VoteOutcomeRow) => vote.synthetic === flag(split) && !demoRuns.has(vote.run_a) && !demoRuns.has(vote.run_b) && inExportScope(ctx, vote.run_a, vote.run_b);
  return new Map(counted.filter((vote) => vote.winner_run !== null && exported(vote)).map((vote) => [vote.id, vote]));
}

export const countPreferencePairRows = (ctx: ExportContext, split: ExportSplit): number => countedDecidedVotes(ctx, split).size;

/** One row per counted, decided vote, by vote id, in the columns TRL's DPO trainer reads (`prompt`, `chosen`, `rejected`) and what ties it back to the votes. */
export async function* preferencePairRows(ctx: ExportContext, split: ExportSplit): AsyncGenerator<SubsetRow<'preference_pairs'>> {
  const counted = countedDecidedVotes(ctx, split);
  const outputs = new RunOutputs(ctx);
  let after = '';
  for (;;) {
    const page = pageExportVotes(ctx.db, ctx.projectId, flag(split), ctx.demo, after, PAGE_ROWS);
    for (const vote of page) if (counted.has(vote.id)) yield pairRow(ctx, vote, outputs);
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}

function pairRow(ctx: ExportContext, vote: ExportVoteRow, outputs: RunOutputs): SubsetRow<'preference_pairs'> {
  const chosen = vote.winner_run!;
  const rejected = chosen === vote.run_a ? vote.run_b : vote.run_a;
  const rating = (run: string) => (run === vote.left_run ? vote.rating_left : vote.rating_right);
  const instruction = findTask(ctx.db, vote.task_id)?.instruction ?? '';
  const turnPrompt = vote.turn === null ? undefined : (outputs.turn(vote.run_a, vote.turn) ?? outputs.turn(vote.run_b, vote.turn))?.prompt;
  return {
    prompt: [instruction, vote.turn === 1 ? undefined : turnPrompt].filter((part) => part !== undefined && part !== '').join('\n\n'),
    chosen: outputs.text(chosen, vote.turn),
    rejected: outputs.text(rejected, vote.turn),
    chosen_run_id: chosen,
    rejected_run_id: rejected,
    task_id: vote.task_id,
    turn: vote.turn,
    chosen_rating: rating(chosen),
    rejected_rating: rating(rejected),
    annotator: ctx.annotatorName(vote.annotator_name),
    vote_id: vote.id,
    fast_vote: vote.is_fast === 1,
  };
}

type OutputFile = { path: string; sha256: string; size_bytes: number };

/**
 * What stands for a run's output in a pair: the manifest of the files it produced (`out/`), one
 * line per file, `path<TAB>size_bytes<TAB>sha256`, sorted by path. The runs subset exports no file
 * contents (an output bundle is HTML, images, a Figma build: not text a trainer can read, and it
 * may quote what it was given), so the pair names them as the runs subset's `artifacts` does, and
 * a trainer substitutes the rendered output for them. At a turn of a multi-turn run, the files as
 * that turn left them (its trajectory's snapshot), when the trajectory is stored.
 */
class RunOutputs {
  private readonly readBlob;
  private readonly turns = new Map<string, TrajectoryTurn[] | null>();

  constructor(private readonly ctx: ExportContext) {
    this.readBlob = workspaceBlobReader(ctx.db);
  }

  text(runId: string, turn: number | null): string {
    const atTurn = turn === null ? undefined : this.turn(runId, turn);
    const files: OutputFile[] = atTurn ? atTurn.artifacts.map((file) => ({ path: file.path, sha256: file.sha256, size_bytes: file.sizeBytes })) : this.files(runId);
    return [...files]
      .sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0))
      .map((file) => `${file.path}\t${file.size_bytes}\t${file.sha256}`)
      .join('\n');
  }

  /** A multi-turn run's turn as its stored trajectory records it (its prompt, its files); undefined without one. */
  turn(runId: string, turn: number): TrajectoryTurn | undefined {
    if (!this.turns.has(runId)) this.turns.set(runId, this.readTurns(runId));
    return this.turns.get(runId)?.find((record) => record.index === turn);
  }

  private readTurns(runId: string): TrajectoryTurn[] | null {
    // The study run's trajectory for a run executed here, the imported one (ATIF) otherwise.
    const sha = findStudyRunByRunId(this.ctx.db, runId)?.trajectory_sha256 ?? findRunTrajectory(this.ctx.db, runId)?.trajectory_sha256;
    const bytes = sha ? this.readBlob(sha) : undefined;
    if (!bytes?.includes('"turns":')) return null;
    return TrajectorySchema.safeParse(JSON.parse(bytes.toString('utf8'))).data?.turns ?? null;
  }

  private files(runId: string): OutputFile[] {
    const files = listRunFiles(this.ctx.db, runId);
    return files.length > 0 ? files : listImportedRunArtifacts(this.ctx.db, runId);
  }
}
