import { isSyntheticConfigId, type RunRow } from '../store/run-repository.ts';

/**
 * A readable name per configuration id: "harness · model · skill v2", and "… · synthetic" for
 * a synthetic configuration, so it never reads as the real one of the same harness and model.
 * When two configurations would read the same (they differ only in another version), the other
 * versions are appended.
 */
export function labelConfigurations(runs: readonly Pick<RunRow, 'config_id' | 'harness' | 'model' | 'versions_json'>[]): Map<string, string> {
  const configs = new Map<string, { base: string; versions: Record<string, string> }>();
  for (const run of runs) {
    if (configs.has(run.config_id)) continue;
    const versions = parseRunVersions(run.versions_json);
    const base = [run.harness, run.model, versions.skill === undefined ? '' : `skill ${versions.skill}`, isSyntheticConfigId(run.config_id) ? 'synthetic' : '']
      .filter(Boolean)
      .join(' · ');
    configs.set(run.config_id, { base, versions });
  }
  const baseCounts = new Map<string, number>();
  for (const { base } of configs.values()) baseCounts.set(base, (baseCounts.get(base) ?? 0) + 1);
  const labels = new Map<string, string>();
  for (const [id, { base, versions }] of configs) {
    const others = Object.entries(versions)
      .filter(([key]) => key !== 'skill')
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([key, value]) => `${key} ${value}`);
    labels.set(id, (baseCounts.get(base) ?? 0) > 1 && others.length > 0 ? `${base} (${others.join(', ')})` : base);
  }
  return labels;
}

/** A run's stored versions_json as a record; {} for text that is not one (written by us, so never guessed at). */
export function parseRunVersions(json: string): Record<string, string> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}
