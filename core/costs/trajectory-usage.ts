import type { TokenUsage } from '../../schemas/model-prices.ts';
import type { BlobStore } from '../store/blob-store.ts';

/** What a run's stored trajectory says of its usage: every model's tokens, cache reads and writes included. */
export interface TrajectoryUsage {
  tokens: TokenUsage;
  /** Tokens by model when the harness broke them down, else every token under the run's model. */
  byModel: Record<string, TokenUsage>;
}

interface StoredUsageFields {
  model?: string | null;
  tokens?: Partial<TokenUsage>;
  usageByModel?: Record<string, Partial<TokenUsage>>;
}

const count = (value: number | undefined): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
const usageOf = (tokens: Partial<TokenUsage> | undefined): TokenUsage => ({ input: count(tokens?.input), output: count(tokens?.output), cacheRead: count(tokens?.cacheRead), cacheWrite: count(tokens?.cacheWrite) });

/** Trajectories are content-addressed, so a usage once read stays true; kept per process, a bounded number. */
const MEMO_LIMIT = 20_000;
const memo = new Map<string, TrajectoryUsage>();

/**
 * The usage in the stored trajectory `sha256` (a run's study table keeps input and output only),
 * or undefined when the blob is gone. `fallbackModel` names the tokens when the trajectory names
 * no model.
 */
export function readTrajectoryUsage(blobs: BlobStore, sha256: string, fallbackModel: string): TrajectoryUsage | undefined {
  const known = memo.get(sha256);
  if (known) return known;
  if (!blobs.has(sha256)) return undefined;
  const stored = JSON.parse(blobs.read(sha256).toString('utf8')) as StoredUsageFields;
  const tokens = usageOf(stored.tokens);
  const perModel = Object.entries(stored.usageByModel ?? {});
  const byModel = perModel.length > 0 ? Object.fromEntries(perModel.map(([model, usage]) => [model, usageOf(usage)])) : { [stored.model ?? fallbackModel]: tokens };
  const usage = { tokens, byModel };
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(sha256, usage);
  return usage;
}
