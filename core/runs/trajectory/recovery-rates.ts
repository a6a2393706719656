import { ErrorTypeSchema, type ErrorType, type TrajectoryError } from '../../../schemas/trajectory.ts';

export interface RecoveryRate {
  errors: number;
  recovered: number;
  /** recovered / errors; null when there were no errors (not 0%, not 100%). */
  rate: number | null;
}

export interface RecoveryRates {
  overall: RecoveryRate;
  /** Only the types that occurred, in ErrorType's order. */
  byType: Partial<Record<ErrorType, RecoveryRate>>;
}

const rateOf = (errors: number, recovered: number): RecoveryRate => ({ errors, recovered, rate: errors === 0 ? null : recovered / errors });

/**
 * Share of errors recovered, overall and per error type, over any set of errors (one run's, one
 * harness's, a whole study's: the caller picks the set, e.g. per harness).
 */
export function recoveryRates(errors: readonly Pick<TrajectoryError, 'type' | 'recovered'>[]): RecoveryRates {
  const counts = new Map<ErrorType, { errors: number; recovered: number }>();
  let recovered = 0;
  for (const error of errors) {
    const count = counts.get(error.type) ?? { errors: 0, recovered: 0 };
    count.errors++;
    if (error.recovered) {
      count.recovered++;
      recovered++;
    }
    counts.set(error.type, count);
  }
  const byType: Partial<Record<ErrorType, RecoveryRate>> = {};
  for (const type of ErrorTypeSchema.options) {
    const count = counts.get(type);
    if (count) byType[type] = rateOf(count.errors, count.recovered);
  }
  return { overall: rateOf(errors.length, recovered), byType };
}
