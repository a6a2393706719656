import { z } from 'zod';
import { MAX_BOOTSTRAP_ROUNDS } from './stats-limits.ts';

// Inputs of `lhb stats <name>` (JSON on stdin), one schema per statistic. Each message completes
// "<field>: …", so a rejected input reads e.g. "b: expected an array". The computations live in
// core/stats; these only give the JSON its shape.

const probability = z.number({ error: 'expected a number' }).min(0, { error: 'must be in [0, 1]' }).max(1, { error: 'must be in [0, 1]' });
const label = z.union([z.string(), z.number()], { error: 'expected a string or a number' });
const labels = z.array(label, { error: 'expected an array' });
const seed = z.union([z.number(), z.string()], { error: 'expected a number or a string' });
const confidence = z.number({ error: 'expected a number' }).gt(0, { error: 'must be between 0 and 1' }).lt(1, { error: 'must be between 0 and 1' });
const wholeNumber = (minimum: number) =>
  z.number({ error: 'expected a number' }).int({ error: 'expected a whole number' }).min(minimum, { error: `must be at least ${minimum}` });

export const KappaWeightsSchema = z.enum(['none', 'linear', 'quadratic'], { error: 'expected "none", "linear" or "quadratic"' });

export const KappaInputSchema = z
  .object({
    a: labels.min(1, { error: 'needs at least one rating' }),
    b: labels.min(1, { error: 'needs at least one rating' }),
    weights: KappaWeightsSchema.optional(),
    labels: labels.min(1, { error: 'needs at least one label' }).optional(),
  })
  .check((ctx) => {
    const { a, b } = ctx.value;
    if (a.length !== b.length) ctx.issues.push({ code: 'custom', input: b, path: [], message: `a and b differ in length (${a.length} vs ${b.length})` });
  });
export type KappaInput = z.infer<typeof KappaInputSchema>;

export const BinomialAlternativeSchema = z.enum(['two-sided', 'greater', 'less'], { error: 'expected "two-sided", "greater" or "less"' });

export const BinomtestInputSchema = z
  .object({
    k: wholeNumber(0),
    n: wholeNumber(1),
    p: probability.default(0.5),
    alternative: BinomialAlternativeSchema.optional(),
  })
  .check((ctx) => {
    const { k, n } = ctx.value;
    if (k > n) ctx.issues.push({ code: 'custom', input: k, path: ['k'], message: `must be at most n (${n}), got ${k}` });
  });
export type BinomtestInput = z.infer<typeof BinomtestInputSchema>;

export const KruskalInputSchema = z.object({
  groups: z
    .array(z.array(z.number({ error: 'expected a number' }), { error: 'expected an array' }).min(1, { error: 'a group needs at least one value' }), { error: 'expected an array of groups' })
    .min(2, { error: 'need at least two groups' }),
});
export type KruskalInput = z.infer<typeof KruskalInputSchema>;

export const CohensHInputSchema = z.object({ p1: probability, p2: probability });
export type CohensHInput = z.infer<typeof CohensHInputSchema>;

export const PairwiseComparisonSchema = z
  .object({
    a: z.string({ error: 'expected a system name' }).min(1, { error: 'expected a system name' }),
    b: z.string({ error: 'expected a system name' }).min(1, { error: 'expected a system name' }),
    winner: z.enum(['a', 'b', 'tie'], { error: 'expected "a", "b" or "tie"' }),
  })
  .check((ctx) => {
    if (ctx.value.a === ctx.value.b) ctx.issues.push({ code: 'custom', input: ctx.value.b, path: ['b'], message: `a system cannot be compared with itself (${ctx.value.a})` });
  });
export type PairwiseComparisonInput = z.infer<typeof PairwiseComparisonSchema>;

const comparisons = z.array(PairwiseComparisonSchema, { error: 'expected an array of {a, b, winner}' }).min(1, { error: 'needs at least one comparison' });

export const BradleyTerryInputSchema = z.object({
  comparisons,
  /** Bootstrap rounds for percentile intervals. */
  bootstrap: wholeNumber(0).max(MAX_BOOTSTRAP_ROUNDS, { error: `must be at most ${MAX_BOOTSTRAP_ROUNDS}` }).optional(),
  seed: seed.optional(),
  confidence: confidence.optional(),
});
export type BradleyTerryInput = z.infer<typeof BradleyTerryInputSchema>;

export const CyclesInputSchema = z.object({ comparisons });
export type CyclesInput = z.infer<typeof CyclesInputSchema>;

export const BootstrapInputSchema = z
  .object({
    values: z.array(z.number({ error: 'expected a number' }), { error: 'expected an array' }).min(1, { error: 'needs at least one value' }),
    /** One cluster id per value: whole clusters are resampled. */
    clusters: z.array(label, { error: 'expected an array' }).optional(),
    /** One weight per value: the statistic becomes the weighted mean. */
    weights: z.array(z.number({ error: 'expected a number' }).min(0, { error: 'must be at least 0' }), { error: 'expected an array' }).optional(),
    resamples: wholeNumber(1).max(1_000_000, { error: 'must be at most 1000000' }).optional(),
    seed: seed.optional(),
    confidence: confidence.optional(),
  })
  .check((ctx) => {
    const { values, clusters, weights } = ctx.value;
    if (clusters && clusters.length !== values.length) ctx.issues.push({ code: 'custom', input: clusters, path: [], message: `values and clusters differ in length (${values.length} vs ${clusters.length})` });
    if (weights && weights.length !== values.length) ctx.issues.push({ code: 'custom', input: weights, path: [], message: `values and weights differ in length (${values.length} vs ${weights.length})` });
  });
export type BootstrapInput = z.infer<typeof BootstrapInputSchema>;
