import type { ExportedFile, ExportSubset } from '../../schemas/export.ts';
import { hubFeature } from './field-types.ts';
import { SUBSET_FIELDS } from './subset-fields.ts';

export interface CardMetadataInput {
  license: string;
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
 * The card's YAML header: what the Hub reads to list the dataset and `datasets` reads to load
 * each subset as a config (`data_files` per split) with its exact features (`dataset_info`).
 */
export function cardMetadata(input: CardMetadataInput): Record<string, unknown> {
  const filesOf = (subset: ExportSubset) => input.files.filter((file) => file.subset === subset);
  const largest = Math.max(0, ...input.subsets.map((subset) => filesOf(subset).reduce((sum, file) => sum + file.rows, 0)));
  return {
    license: input.license,
    pretty_name: input.prettyName,
    language: ['en'],
    task_categories: ['text-generation', 'text-classification'],
    tags: ['human-preferences', 'pairwise-comparison', 'llm-as-a-judge', 'rubrics', 'agent-evaluation', 'citations', 'lh-bench', ...(input.includesSynthetic ? ['synthetic'] : [])],
    annotations_creators: input.hasJudgments ? ['expert-generated', 'machine-generated'] : ['expert-generated'],
    size_categories: [sizeCategory(largest)],
    configs: input.subsets.map((subset) => ({
      config_name: subset,
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
