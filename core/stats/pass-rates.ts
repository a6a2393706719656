// Pass rates of judged runs and how many tasks tell configurations apart. A rating of 4 or more
// (on the 1–5 rubric scale) is a pass. A task discriminates when at least one configuration
// passes it and at least one fails it; a task every configuration passes (or fails) says nothing
// about which is better. Pure: ratings in, numbers out.

export interface TaskRating {
  task: string;
  configuration: string;
  rating: number;
}

export interface PassRatesResult {
  /** Share of all ratings that pass. */
  passRate: number;
  /** Per configuration: ratings, passes and their share. */
  byConfiguration: Record<string, { ratings: number; passed: number; passRate: number }>;
  tasks: number;
  /** Tasks where some configuration passes and another fails. */
  discriminatingTasks: number;
  /** discriminatingTasks / tasks. */
  discriminatingShare: number;
}

export const PASS_THRESHOLD = 4;

/**
 * Pass rates overall and per configuration, and the share of discriminating tasks. When a
 * configuration has several ratings of one task (repeated runs), it passes that task if the
 * mean of those ratings reaches the threshold. Throws a RangeError naming the field for bad input.
 */
export function passRates(ratings: readonly TaskRating[], threshold = PASS_THRESHOLD): PassRatesResult {
  if (!Array.isArray(ratings) || ratings.length === 0) throw new RangeError('ratings must hold at least one rating');
  if (!Number.isFinite(threshold)) throw new RangeError(`threshold must be a finite number, got ${threshold}`);
  const byConfiguration: PassRatesResult['byConfiguration'] = {};
  // task → configuration → [sum of ratings, count]
  const perTask = new Map<string, Map<string, [number, number]>>();
  let passed = 0;
  ratings.forEach((row, i) => {
    const { task, configuration, rating } = row ?? ({} as Partial<TaskRating>);
    if (typeof task !== 'string' || task === '') throw new RangeError(`ratings[${i}].task must be a non-empty string, got ${JSON.stringify(task)}`);
    if (typeof configuration !== 'string' || configuration === '') throw new RangeError(`ratings[${i}].configuration must be a non-empty string, got ${JSON.stringify(configuration)}`);
    if (typeof rating !== 'number' || !Number.isFinite(rating)) throw new RangeError(`ratings[${i}].rating must be a finite number, got ${JSON.stringify(rating)}`);
    const pass = rating >= threshold;
    if (pass) passed++;
    const summary = (byConfiguration[configuration] ??= { ratings: 0, passed: 0, passRate: 0 });
    summary.ratings++;
    if (pass) summary.passed++;
    const configurations = perTask.get(task) ?? new Map<string, [number, number]>();
    const [sum, count] = configurations.get(configuration) ?? [0, 0];
    configurations.set(configuration, [sum + rating, count + 1]);
    perTask.set(task, configurations);
  });
  for (const summary of Object.values(byConfiguration)) summary.passRate = summary.passed / summary.ratings;
  let discriminatingTasks = 0;
  for (const configurations of perTask.values()) {
    const outcomes = [...configurations.values()].map(([sum, count]) => sum / count >= threshold);
    if (outcomes.includes(true) && outcomes.includes(false)) discriminatingTasks++;
  }
  return {
    passRate: passed / ratings.length,
    byConfiguration,
    tasks: perTask.size,
    discriminatingTasks,
    discriminatingShare: discriminatingTasks / perTask.size,
  };
}
