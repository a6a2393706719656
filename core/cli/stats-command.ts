import type { z } from 'zod';
import {
  BinomtestInputSchema,
  BootstrapInputSchema,
  BradleyTerryInputSchema,
  CohensHInputSchema,
  CyclesInputSchema,
  KappaInputSchema,
  KruskalInputSchema,
} from '../../schemas/stats.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { bootstrapInterval } from '../stats/bootstrap.ts';
import { fitBradleyTerry } from '../stats/bradley-terry.ts';
import { cohensH } from '../stats/cohens-h.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import { kruskalWallis } from '../stats/kruskal-wallis.ts';
import { majorityCycles } from '../stats/transitivity.ts';
import { printedBradleyTerry } from './printed-bradley-terry.ts';


interface Statistic<S extends z.ZodType> {
  schema: S;
  compute: (input: z.output<S>) => unknown;
}

const statistic = <S extends z.ZodType>(schema: S, compute: (input: z.output<S>) => unknown): Statistic<S> => ({ schema, compute });

/** Each `lhb stats <name>`: the shape of its stdin and what it prints. */
const STATISTICS = {
  kappa: statistic(KappaInputSchema, ({ a, b, weights, labels }) => cohensKappa(a, b, { ...(weights ? { weights } : {}), ...(labels ? { labels } : {}) })),
  binomtest: statistic(BinomtestInputSchema, ({ k, n, p, alternative }) => ({ pvalue: binomialTest(k, n, p, alternative) })),
  kruskal: statistic(KruskalInputSchema, ({ groups }) => {
    const result = kruskalWallis(groups);
    return result.h === null ? { h: null, pvalue: null, reason: result.reason } : { h: result.h, pvalue: result.pvalue };
  }),
  'cohens-h': statistic(CohensHInputSchema, ({ p1, p2 }) => ({ h: cohensH(p1, p2) })),
  bt: statistic(BradleyTerryInputSchema, ({ comparisons, bootstrap, seed, confidence }) =>
    printedBradleyTerry(fitBradleyTerry(comparisons, { bootstrap: bootstrap ?? 0, ...(seed !== undefined ? { seed } : {}), ...(confidence !== undefined ? { confidence } : {}) })),
  ),
  cycles: statistic(CyclesInputSchema, ({ comparisons }) => majorityCycles(comparisons)),
  bootstrap: statistic(BootstrapInputSchema, ({ values, clusters, weights, resamples, seed, confidence }) =>
    bootstrapInterval(values, {
      ...(weights ? { statistic: 'weighted-mean' as const, weights } : {}),
      ...(clusters ? { clusters } : {}),
      ...(resamples !== undefined ? { resamples } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(confidence !== undefined ? { confidence } : {}),
    }),
  ),
} satisfies Record<string, Statistic<z.ZodType>>;

export type StatisticName = keyof typeof STATISTICS;
export const STATISTIC_NAMES = Object.keys(STATISTICS) as StatisticName[];

/** The outcome of one statistic on one JSON text, without touching the process. */
export function computeStatistic(name: string, text: string): { ok: true; output: unknown } | { ok: false; message: string } {
  if (!Object.hasOwn(STATISTICS, name)) return { ok: false, message: `lhb stats: unknown statistic ${JSON.stringify(name)}; valid names: ${STATISTIC_NAMES.join(', ')}` };
  const prefix = `lhb stats ${name}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${prefix}: stdin is not JSON (${(error as Error).message}); pipe in an object such as ${example(name as StatisticName)}` };
  }
  const { schema, compute } = STATISTICS[name as StatisticName] as Statistic<z.ZodType>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, message: `${prefix}: ${describeIssue(parsed.error.issues[0]!, example(name as StatisticName))}` };
  try {
    return { ok: true, output: compute(parsed.data) };
  } catch (error) {
    // The statistics check their own input too (labels that miss a rating, …) and name the field.
    if (error instanceof RangeError) return { ok: false, message: `${prefix}: ${error.message}` };
    throw error;
  }
}

/** "field.path: message", with zod's wording for a wrong type shortened to "expected a …". */
function describeIssue(issue: z.core.$ZodIssue, exampleInput: string): string {
  if (issue.path.length === 0 && issue.code === 'invalid_type') return `expected a JSON object such as ${exampleInput}`;
  const path = issue.path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('');
  const message = issue.code === 'invalid_type' && issue.message.startsWith('Invalid input') ? `expected ${article(issue.expected)}` : issue.message;
  return path === '' ? message : `${path}: ${message}`;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function example(name: StatisticName): string {
  const examples: Record<StatisticName, string> = {
    kappa: '{"a":[1,2,3],"b":[1,2,2]}',
    binomtest: '{"k":7,"n":10,"p":0.5}',
    kruskal: '{"groups":[[1,2,3],[4,5]]}',
    'cohens-h': '{"p1":0.6,"p2":0.4}',
    bt: '{"comparisons":[{"a":"x","b":"y","winner":"a"}]}',
    cycles: '{"comparisons":[{"a":"x","b":"y","winner":"a"}]}',
    bootstrap: '{"values":[1,2,3],"seed":1}',
  };
  return examples[name];
}
