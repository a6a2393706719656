import { describe, expect, it } from 'vitest';
import { EXPORT_SUBSETS, type ExportedFile, type ExportSubset } from '../../schemas/export.ts';
import { cardMetadata, type CardMetadataInput } from './card-metadata.ts';
import { datasetsDefaultConfig, type CardConfig as Config } from './datasets-card-rules.fixture.ts';
import { DATASET_FORMAT_VERSION } from './dataset-format-version.ts';

const filesOf = (subsets: readonly ExportSubset[]): ExportedFile[] =>
  subsets.map((subset) => ({ subset, split: 'train', path: `data/${subset}/train-00000-of-00001.parquet`, rows: 2, bytes: 100 }));

const input = (overrides: Partial<CardMetadataInput> = {}): CardMetadataInput => ({
  license: { id: 'cc-by-4.0' },
  prettyName: 'Study (LH-Bench Studio)',
  subsets: EXPORT_SUBSETS,
  files: filesOf(overrides.subsets ?? EXPORT_SUBSETS),
  includesSynthetic: false,
  hasJudgments: true,
  ...overrides,
});

describe('the card’s YAML header', () => {
  it('marks exactly one config default, the preferences when they are exported, so load_dataset needs no config name', () => {
    const configs = cardMetadata(input()).configs as Config[];
    expect(datasetsDefaultConfig(configs)).toBe('preferences');
    expect(configs.filter((config) => 'default' in config)).toEqual([expect.objectContaining({ config_name: 'preferences', default: true })]);
  });

  it('falls back to the judgments, then the runs, when the preferences are not exported, and marks a single subset too', () => {
    expect(datasetsDefaultConfig(cardMetadata(input({ subsets: ['sources', 'judgments', 'runs'] })).configs as Config[])).toBe('judgments');
    expect(datasetsDefaultConfig(cardMetadata(input({ subsets: ['sources', 'chapters', 'runs'] })).configs as Config[])).toBe('runs');
    const single = cardMetadata(input({ subsets: ['sources'] })).configs as Config[];
    expect(single).toEqual([expect.objectContaining({ config_name: 'sources', default: true })]);
  });

  it('says which version of the dataset format it is, under a key of its own', () => {
    const header = cardMetadata(input());
    expect(DATASET_FORMAT_VERSION).toBe(13);
    expect(header.lh_bench_studio).toEqual({ format_version: DATASET_FORMAT_VERSION });
  });

  it('writes license_name and license_link only for the license other', () => {
    const other = cardMetadata(input({ license: { id: 'other', name: 'my-license-1.0', link: 'https://example.org/license' } }));
    expect(other).toMatchObject({ license: 'other', license_name: 'my-license-1.0', license_link: 'https://example.org/license' });
    expect(Object.keys(other).slice(0, 3)).toEqual(['license', 'license_name', 'license_link']);
    const mit = cardMetadata(input({ license: { id: 'mit' } }));
    expect(mit.license).toBe('mit');
    expect(mit).not.toHaveProperty('license_name');
    expect(mit).not.toHaveProperty('license_link');
  });
});
