import type { Recovery, RecoveryRate } from '../../schemas/analysis.ts';
import { ErrorTypeSchema, type ErrorType } from '../../schemas/trajectory.ts';
import { bootstrapInterval } from '../stats/bootstrap.ts';
import type { RunErrorSet } from './recovery-data.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

interface Counted {
  run: string;
  recovered: boolean;
}

/**
 * The share of errors recovered over `errors` (pooled: recovered errors / errors, as the method's
 * authors report it), with a 95% percentile bootstrap interval that resamples runs, not errors,
 * since one run's errors are not independent (bootstrapInterval with runs as clusters, the
 * report's seed and resamples). `runs` is given by the caller (see RecoveryRateSchema).
 */
export function recoveryRate(errors: readonly Counted[], runs: number, options: { resamples: number; seed: string }): RecoveryRate {
  const recovered = errors.filter((error) => error.recovered).length;
  if (errors.length === 0) return { errors: 0, recovered: 0, rate: null, lo: null, hi: null, runs };
  const interval = bootstrapInterval(
    errors.map((error) => (error.recovered ? 1 : 0)),
    { clusters: errors.map((error) => error.run), resamples: options.resamples, seed: options.seed },
  );
  return { errors: errors.length, recovered, rate: recovered / errors.length, lo: interval.lo, hi: interval.hi, runs };
}

/**
 * Error→recovery rates over the runs' stored errors: overall, per error type (most frequent
 * first) and per configuration (most errors first). Every run with a trajectory counts, with
 * or without errors, so a configuration that made none is listed with 0 errors.
 */
export function buildRecovery(sets: readonly RunErrorSet[], options: { resamples: number; seed: string }): Recovery {
  const all: (Counted & { type: ErrorType; config: string })[] = sets.flatMap((set) => set.errors.map((error) => ({ run: set.run, recovered: error.recovered, type: error.type, config: set.config })));
  const typeOrder = (type: ErrorType) => ErrorTypeSchema.options.indexOf(type);
  const types = [...new Set(all.map((error) => error.type))];
  const byType = types
    .map((type) => {
      const ofType = all.filter((error) => error.type === type);
      return { type, ...recoveryRate(ofType, new Set(ofType.map((error) => error.run)).size, options) };
    })
    .sort((x, y) => y.errors - x.errors || typeOrder(x.type) - typeOrder(y.type));
  const configs = new Map<string, { label: string; runs: number }>();
  for (const set of sets) {
    const entry = configs.get(set.config) ?? { label: set.label, runs: 0 };
    entry.runs++;
    configs.set(set.config, entry);
  }
  const byConfiguration = [...configs]
    .map(([config, { label, runs }]) => ({ config, label, ...recoveryRate(all.filter((error) => error.config === config), runs, options) }))
    .sort((x, y) => y.errors - x.errors || byText(x.label, y.label) || byText(x.config, y.config));
  return {
    runs: sets.length,
    importedRuns: sets.filter((set) => set.imported).length,
    overall: recoveryRate(all, sets.length, options),
    byType,
    byConfiguration,
  };
}
