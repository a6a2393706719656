import { combinePicks } from '../judge/pairwise/judge-pairs.ts';
import { findPairwiseVerdict, findPairwiseVerdictById, savePairwiseVerdict, type PairPick, type PairwiseVerdictRow } from '../store/pairwise-verdict-repository.ts';
import { reasonsOf } from '../export/pairwise-verdict-rows.ts';
import type { ImportedRow } from '../export/subset-fields.ts';
import type { Located } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { checkStatus, checkTier, importedAsking, instantText, localRun } from './judge-row-checks.ts';
import { atRow, type MergeContext } from './merge-context.ts';

const PICKS = new Set(['a', 'b', 'tie']);
/** A pick seen from the other side of the pair: run A becomes run B. */
const mirrored = (pick: PairPick | null): PairPick | null => (pick === 'a' ? 'b' : pick === 'b' ? 'a' : pick);

/**
 * Pairwise verdicts, merged by id: one the workspace has (by id, or for the same pair, judge and
 * tier) with the same content is left as it is; with other content, or twice in the file, the
 * first is kept and the conflict reported with both. Every row is checked first: both runs exist
 * and are of its task, run_a sorts before run_b, its picks are a, b or tie and its verdict and
 * flip are what its two picks give. A pair whose runs sort the other way here (runs matched by
 * digest) is stored the other way round, picks mirrored. The judge's prompts and raw replies are
 * not in an export: an imported verdict keeps its picks, reasons, tokens and cost, never answers
 * a judging job's reuse (judging the pair again asks again), and made no request here (attempts
 * 0: no study's cost counts it twice).
 */
export function mergePairwiseVerdicts(ctx: MergeContext, rows: readonly Located<ImportedRow<'pairwise_verdicts'>>[]): void {
  let same = 0;
  for (const { row, where } of rows) {
    atRow(where, () => {
      const tier = checkTier(row.tier, where);
      const status = checkStatus(row.status, where);
      if (!(row.run_a < row.run_b)) throw new ImportRefusedError(`${where}: field run_a (${row.run_a}) does not sort before run_b (${row.run_b}); a pair is written in run id order.`);
      const runs = [localRun(ctx, 'run_a', row.run_a, where), localRun(ctx, 'run_b', row.run_b, where)] as const;
      for (const [field, run] of [['run_a', runs[0]], ['run_b', runs[1]]] as const) {
        if (run.task_id !== row.task_id) throw new ImportRefusedError(`${where}: field ${field} names a run of task ${run.task_id}, not of the verdict's task ${row.task_id}; a pair is two runs of one task.`);
      }
      const picks = checkPicks(row, status, where);
      if (runs[0].id === runs[1].id) {
        same += 1;
        return;
      }
      const swapped = runs[0].id > runs[1].id;
      const [firstReason, secondReason] = swapped ? [row.second_reason, row.first_reason] : [row.first_reason, row.second_reason];
      const verdict: PairwiseVerdictRow = {
        id: row.verdict_id,
        task_id: row.task_id,
        run_a: swapped ? runs[1].id : runs[0].id,
        run_b: swapped ? runs[0].id : runs[1].id,
        judge: row.judge,
        judge_model: row.judge_model,
        tier,
        input_hash: `import:${row.verdict_id}`,
        status,
        // With the sides the other way, the asking that showed the new run_a first is the one that showed the old run_b first.
        first_pick: swapped ? mirrored(picks.second) : picks.first,
        second_pick: swapped ? mirrored(picks.first) : picks.second,
        verdict: swapped ? mirrored(picks.verdict) : picks.verdict,
        flipped: row.flipped ? 1 : 0,
        reasons_json: JSON.stringify([firstReason, secondReason]),
        failure: row.failure,
        raw_replies: null,
        ...importedAsking(row),
      };
      const stored = findPairwiseVerdictById(ctx.db, verdict.id) ?? findPairwiseVerdict(ctx.db, verdict);
      if (ctx.conflictOf('pairwise_verdicts', 'pairwise-verdict', verdict.id, where, verdictContent(verdict), stored && verdictContent(stored))) return;
      if (stored) return ctx.count('pairwise_verdicts', 'unchanged');
      savePairwiseVerdict(ctx.db, verdict);
      ctx.count('pairwise_verdicts', 'added');
    });
  }
  if (same > 0) ctx.notes.push(`${same} pairwise verdict${same === 1 ? ' was' : 's were'} left out: both runs of the pair are one run in this workspace (the same digest).`);
}

/** The row's picks, checked: each a, b or tie; an ok verdict has both picks, and its verdict and flip are what they give. */
function checkPicks(row: ImportedRow<'pairwise_verdicts'>, status: 'ok' | 'failed', where: string): { first: PairPick | null; second: PairPick | null; verdict: PairPick | null } {
  for (const field of ['first_pick', 'second_pick', 'verdict'] as const) {
    const value = row[field];
    if (value !== null && !PICKS.has(value)) throw new ImportRefusedError(`${where}: field ${field} is "${value}", not a, b or tie.`);
  }
  const first = row.first_pick as PairPick | null;
  const second = row.second_pick as PairPick | null;
  const verdict = row.verdict as PairPick | null;
  if (status === 'failed') {
    if (first !== null || second !== null || verdict !== null) throw new ImportRefusedError(`${where}: a failed verdict has no picks, and this row has some; fix its status or its picks.`);
    return { first, second, verdict };
  }
  if (first === null || second === null) throw new ImportRefusedError(`${where}: an ok verdict has both picks (first_pick and second_pick), and this row lacks one.`);
  const combined = combinePicks(first, second);
  if (verdict !== combined.verdict || row.flipped !== combined.flipped) {
    throw new ImportRefusedError(`${where}: fields verdict "${verdict}" and flipped ${row.flipped} are not what its picks give (${first} then ${second}: verdict ${combined.verdict}, flipped ${combined.flipped}).`);
  }
  return { first, second, verdict };
}

/** What a verdict says, as one JSON text, so two versions compare as strings (prompts and replies are never exported). */
function verdictContent(verdict: PairwiseVerdictRow): string {
  const { task_id, run_a, run_b, judge, judge_model, tier, status, first_pick, second_pick, flipped, failure, tokens_input, tokens_output, cost_usd } = verdict;
  return JSON.stringify({
    task_id, run_a, run_b, judge, judge_model, tier, status, first_pick, second_pick, verdict: verdict.verdict, flipped,
    reasons: reasonsOf(verdict.reasons_json), failure, tokens_input, tokens_output, cost_usd, created_at: instantText(verdict.created_at),
  });
}
