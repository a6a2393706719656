import type { Cost, JudgeCost, StudyCost, TokenUsage } from '../../schemas/model-prices.ts';
import { listJudgeReplyUsage, listStudyRunUsage, type JudgeReplyUsageRow, type StudyRunUsageRow } from '../store/cost-usage-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { addCost, addTotals, emptyCostTotal } from './cost-totals.ts';
import { readTrajectoryUsage } from './trajectory-usage.ts';
import { usageAtPrices } from './usage-cost.ts';
import { workspacePriceBook, type PriceBook } from './workspace-prices.ts';

const NO_COST: Cost = { usd: null, basis: 'none', tokens: null, unpricedModels: [] };

/**
 * A study run's cost: the figure stored with it when there is one (its harness CLI's own, or its
 * tokens at the study's configured price, as the engine recorded it), else its tokens (cache reads
 * and writes from its trajectory) at the workspace's prices, per model when the harness broke
 * them down. Unknown (null, never 0) when a model has no price or nothing of its usage was recorded.
 */
export function studyRunCost(workspace: Pick<Workspace, 'blobs'>, row: StudyRunUsageRow, prices: PriceBook): Cost {
  const fromTrajectory = row.trajectory_sha256 ? readTrajectoryUsage(workspace.blobs, row.trajectory_sha256, row.model) : undefined;
  const stored: TokenUsage | null = row.tokens_input === null && row.tokens_output === null ? null : { input: row.tokens_input ?? 0, output: row.tokens_output ?? 0, cacheRead: 0, cacheWrite: 0 };
  const tokens = fromTrajectory?.tokens ?? stored;
  if (row.cost_usd !== null) return { usd: row.cost_usd, basis: 'recorded', tokens, unpricedModels: [] };
  if (!tokens) return NO_COST;
  const priced = usageAtPrices(fromTrajectory?.byModel ?? { [row.model]: tokens }, prices);
  return { usd: priced.usd, basis: 'priced', tokens, unpricedModels: priced.unpricedModels };
}

/** A judge reply's cost: the one stored with it (the judges file's price), else its tokens at the workspace's price of the judge's model. */
export function judgeReplyCost(row: JudgeReplyUsageRow, prices: PriceBook): Cost {
  const tokens: TokenUsage | null = row.tokens_input === null && row.tokens_output === null ? null : { input: row.tokens_input ?? 0, output: row.tokens_output ?? 0, cacheRead: 0, cacheWrite: 0 };
  if (row.cost_usd !== null) return { usd: row.cost_usd, basis: 'recorded', tokens, unpricedModels: [] };
  if (!tokens) return NO_COST;
  const priced = usageAtPrices({ [row.judge_model]: tokens }, prices);
  return { usd: priced.usd, basis: 'priced', tokens, unpricedModels: priced.unpricedModels };
}

/**
 * What a study cost (or, with `studyId` null, every study's runs and every judge's replies): its
 * ended runs by configuration, earlier attempts a retry kept included, its judges' replies on all
 * of those and the pairwise verdicts on a pair with one of them (each verdict one item: its two
 * askings), by judge, and the two together.
 * Totals add what is known and name what is not.
 */
export function studyCost(workspace: Pick<Workspace, 'db' | 'blobs'>, studyId: string | null): StudyCost {
  const prices = workspacePriceBook(workspace.db);
  const runs: Record<string, Cost> = {};
  let agents = emptyCostTotal();
  const configurations = new Map<string, StudyCost['configurations'][number]>();
  for (const row of listStudyRunUsage(workspace.db, studyId)) {
    const cost = studyRunCost(workspace, row, prices);
    // Per study run, its current attempt's cost; an earlier attempt counts in the totals only.
    if (!row.superseded) runs[row.id] = cost;
    agents = addCost(agents, cost);
    const key = `${row.study_id}\u0000${row.config_index}`;
    const before = configurations.get(key) ?? { configIndex: row.config_index, harness: row.harness, model: row.model, versions: JSON.parse(row.versions_json) as Record<string, string>, ...emptyCostTotal() };
    configurations.set(key, { ...before, ...addCost(before, cost) });
  }
  let judges = emptyCostTotal();
  const byJudge = new Map<string, JudgeCost>();
  for (const row of listJudgeReplyUsage(workspace.db, studyId)) {
    const cost = judgeReplyCost(row, prices);
    judges = addCost(judges, cost);
    const key = `${row.judge}\u0000${row.judge_model}`;
    const before: JudgeCost = byJudge.get(key) ?? { judge: row.judge, model: row.judge_model, ...emptyCostTotal() };
    byJudge.set(key, { ...before, ...addCost(before, cost) });
  }
  return {
    studyId,
    agents,
    configurations: [...configurations.values()],
    judges,
    byJudge: [...byJudge.values()],
    total: addTotals(agents, judges),
    runs,
    pricesCheckedOn: prices.checkedOn,
  };
}

