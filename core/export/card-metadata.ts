import type { CardLicense } from '../../schemas/card-license.ts';
import type { ExportedFile, ExportSubset } from '../../schemas/export.ts';
import { CARD_NAMESPACE_KEY, DATASET_FORMAT_VERSION } from './dataset-format-version.ts';
import { hubFeature } from './field-types.ts';
import { SUBSET_FIELDS } from './subset-fields.ts';

export interface CardMetadataInput {
  license: CardLicense;
  prettyName: string;
  subsets: readonly ExportSubset[];
  files: readonly ExportedFile[];
  includesSynthetic: boolean;
  hasJudgments: boolean;
}

/** The Hub's size buckets, by the largest subset's rows. */
export function sizeCategory(rows: number): string {
  const buckets: [number, string][] = [
    [1_000, 'n<1K'],
    [10_000, '1K<n<10K'],
    [100_000, '10K<n<100K'],
    [1_000_000, '100K<n<1M'],
    [10_000_000, '1M<n<10M'],
    [100_000_000, '10M<n<100M'],
    [1_000_000_000, '100M<n<1B'],
  ];
  for (const [limit, name] of buckets) if (rows < limit) return name;
  return 'n>1T';
}

/**
 * Which exported subset is the default config (what `load_dataset(folder)` loads without a
 * config name), first present first: the experts' blind pairwise preferences are the method's
 * headline data, the judges' scores the other verdict on the same runs, then the runs they
 * judge; chapter plans, rubrics and sources are the material behind them.
 */
export const DEFAULT_CONFIG_ORDER: readonly ExportSubset[] = ['preferences', 'preference_pairs', 'judgments', 'runs', 'chapters', 'rubrics', 'sources', 'skills', 'tasks', 'studies', 'trajectories', 'pairwise_verdicts', 'control_judgments', 'harness_guesses'];

export const defaultConfig = (subsets: readonly ExportSubset[]): ExportSubset | undefined => DEFAULT_CONFIG_ORDER.find((subset) => subsets.includes(subset));

/** The tags every card has, and the one added when the synthetic split is exported: every tag the export writes. */
export const CARD_TAGS = ['human-preferences', 'pairwise-comparison', 'llm-as-a-judge', 'rubrics', 'agent-evaluation', 'citations', 'lh-bench'] as const;
export const SYNTHETIC_TAG = 'synthetic';

/**
 * The card's YAML header: what the Hub reads to list the dataset and `datasets` reads to load
 * each subset as a config (`data_files` per split) with its exact features (`dataset_info`).
 */
export function cardMetadata(input: CardMetadataInput): Record<string, unknown> {
  const filesOf = (subset: ExportSubset) => input.files.filter((file) => file.subset === subset);
  const largest = Math.max(0, ...input.subsets.map((subset) => filesOf(subset).reduce((sum, file) => sum + file.rows, 0)));
  const byDefault = defaultConfig(input.subsets);
  return {
    license: input.license.id,
    ...(input.license.name ? { license_name: input.license.name } : {}),
    ...(input.license.link ? { license_link: input.license.link } : {}),
    pretty_name: input.prettyName,
    language: ['en'],
    task_categories: ['text-generation', 'text-classification'],
    tags: [...CARD_TAGS, ...(input.includesSynthetic ? [SYNTHETIC_TAG] : [])],
    annotations_creators: input.hasJudgments ? ['expert-generated', 'machine-generated'] : ['expert-generated'],
    size_categories: [sizeCategory(largest)],
    [CARD_NAMESPACE_KEY]: { format_version: DATASET_FORMAT_VERSION },
    configs: input.subsets.map((subset) => ({
      config_name: subset,
      // datasets takes exactly one config marked default (MetadataConfigs.get_default_config_name).
      ...(subset === byDefault ? { default: true } : {}),
      data_files: filesOf(subset).map((file) => ({ split: file.split, path: file.path })),
    })),
    dataset_info: input.subsets.map((subset) => ({
      config_name: subset,
      features: SUBSET_FIELDS[subset].map(hubFeature),
      splits: filesOf(subset).map((file) => ({ name: file.split, num_examples: file.rows })),
      download_size: filesOf(subset).reduce((sum, file) => sum + file.bytes, 0),
    })),
  };
}
