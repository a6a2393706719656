import { z } from 'zod';

/**
 * What a model's tokens cost, in US dollars per million tokens, as its provider publishes it:
 * fresh input, output, input read from the prompt cache, and input written to it.
 */
const PerMillion = z.number().min(0).max(100_000);
export const ModelPriceSchema = z
  .object({
    inputPerMillion: PerMillion,
    outputPerMillion: PerMillion,
    cacheReadPerMillion: PerMillion,
    cacheWritePerMillion: PerMillion,
  })
  .strict();
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

/** The price table shipped with the app (datasets/prices/model-prices.json): dated, each price with the page it was read from. */
export const PRICE_TABLE_FORMAT = 'lhb-model-prices/1';
export const ShippedPriceTableSchema = z
  .object({
    format: z.literal(PRICE_TABLE_FORMAT),
    /** The day the prices were read from their sources (YYYY-MM-DD). */
    checkedOn: z.iso.date(),
    note: z.string().optional(),
    prices: z
      .array(
        ModelPriceSchema.extend({
          model: z.string().min(1).max(200),
          provider: z.string().min(1),
          source: z.url(),
        }).strict(),
      )
      .min(1),
  })
  .strict();
export type ShippedPriceTable = z.infer<typeof ShippedPriceTableSchema>;

/** One model's price as a workspace uses it: its own (set in this workspace) over the shipped one. */
export const PriceEntrySchema = ModelPriceSchema.extend({
  model: z.string(),
  /** `workspace`: set in this workspace (lhb prices set), over the shipped price if there is one. */
  origin: z.enum(['shipped', 'workspace']),
  provider: z.string().nullable(),
  /** Where the shipped price was read (null for a workspace's own price). */
  source: z.string().nullable(),
  /** The shipped price this workspace's own price replaces, when there is one. */
  shipped: ModelPriceSchema.nullable(),
  /** When the workspace's own price was set (null for a shipped price). */
  setAt: z.string().nullable(),
});
export type PriceEntry = z.infer<typeof PriceEntrySchema>;

export const PriceListSchema = z.object({ checkedOn: z.string(), prices: z.array(PriceEntrySchema) });
export type PriceList = z.infer<typeof PriceListSchema>;

/** A model name as a price is set for: what a harness or judge names (e.g. claude-sonnet-4-5). */
export const PriceModelSchema = z
  .string()
  .trim()
  .min(1, 'name the model')
  .max(200)
  .regex(/^[^\s]+$/, 'a model name has no spaces');

export const PriceSetInputSchema = z
  .object({
    model: PriceModelSchema,
    inputPerMillion: PerMillion,
    outputPerMillion: PerMillion,
    /** Default: the input price (a provider that does not price cache reads apart bills them as input). */
    cacheReadPerMillion: PerMillion.optional(),
    /** Default: the input price. */
    cacheWritePerMillion: PerMillion.optional(),
  })
  .strict();

export const TokenUsageSchema = z.object({
  input: z.number().int().min(0),
  output: z.number().int().min(0),
  cacheRead: z.number().int().min(0),
  cacheWrite: z.number().int().min(0),
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

/**
 * What one run or one judge reply cost. `usd` is null when it cannot be known: a model with no
 * price (`unpricedModels` names them), or no usage recorded at all (`basis` none). Never 0 for unknown.
 * `basis`: `recorded` is the figure stored with it (the harness CLI's own, or the study's or judges
 * file's price); `priced` is its tokens at the workspace's prices.
 */
export const CostSchema = z.object({
  usd: z.number().min(0).nullable(),
  basis: z.enum(['recorded', 'priced', 'none']),
  tokens: TokenUsageSchema.nullable(),
  unpricedModels: z.array(z.string()),
});
export type Cost = z.infer<typeof CostSchema>;

/**
 * A sum of costs: `usd` is the known part ("at least" when `unpricedModels` or `unrecorded` is
 * not empty), `tokens` every recorded token, `unrecorded` how many items recorded no usage at all.
 */
export const CostTotalSchema = z.object({
  usd: z.number().min(0),
  tokens: TokenUsageSchema,
  items: z.number().int().min(0),
  unpricedModels: z.array(z.string()),
  unrecorded: z.number().int().min(0),
});
export type CostTotal = z.infer<typeof CostTotalSchema>;

export const ConfigurationCostSchema = CostTotalSchema.extend({
  configIndex: z.number().int().min(0),
  harness: z.string(),
  model: z.string(),
  versions: z.record(z.string(), z.string()),
});
export const JudgeCostSchema = CostTotalSchema.extend({ judge: z.string(), model: z.string() });
export type JudgeCost = z.infer<typeof JudgeCostSchema>;

/** A study's cost (`runs.cost` with a study), or every study's runs and judges together (without one). */
export const StudyCostSchema = z.object({
  studyId: z.string().nullable(),
  agents: CostTotalSchema,
  configurations: z.array(ConfigurationCostSchema),
  judges: CostTotalSchema,
  byJudge: z.array(JudgeCostSchema),
  total: CostTotalSchema,
  /** Each of the study's runs' own cost, by study run id. */
  runs: z.record(z.string(), CostSchema),
  pricesCheckedOn: z.string(),
});
export type StudyCost = z.infer<typeof StudyCostSchema>;
