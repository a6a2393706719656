import { canonicalHarnessName } from './harnesses/harness-registry.ts';

/**
 * What makes two runs "the same agent" in every leaderboard, vote count and export: a run's
 * configuration is its harness (by its canonical id: `codex-cli` is `codex`), its model and its
 * `versions`, the things a study chose and varies (the skill version, and whatever else it
 * compares, such as two harness releases). The harness CLI's build number is not part of it: it
 * is recorded on every run as its harness version, so Claude Code 2.0.14 and 2.1.3 running the
 * same model with the same skill stay one configuration, and no source's habit of writing (or
 * not writing) a build number splits one agent into two rows.
 */
export interface RunConfiguration {
  /** The harness's canonical id (core/runs/harnesses), or another agent's name as given. */
  harness: string;
  model: string;
  versions: Record<string, string>;
  /** The harness CLI's version, when known. Not part of the configuration. */
  harnessVersion: string | null;
}

/**
 * A run as a source describes it: an output bundle's run.json, a row of an exported dataset.
 * `harnessVersion` undefined means the source has no such field (bundles and exports made before
 * it existed), and then `versions.harness` is read as the harness version, the old convention for
 * writing a build number down, and leaves the versions. A source that does have the field keeps
 * its versions as they are: a `harness` entry there is a version the study chose to compare.
 */
export interface DescribedRun {
  harness: string;
  model: string;
  versions: Readonly<Record<string, string>>;
  harnessVersion?: string | null;
}

export function runConfigurationOf(run: DescribedRun): RunConfiguration {
  const legacy = run.harnessVersion === undefined;
  const { harness: buildNumber, ...chosen } = run.versions;
  return {
    harness: canonicalHarnessName(run.harness),
    model: run.model,
    versions: legacy ? chosen : { ...run.versions },
    harnessVersion: legacy ? (buildNumber ?? null) : (run.harnessVersion ?? null),
  };
}

/**
 * A configuration's canonical id: JSON of [harness id, model, versions by name], so the same
 * agent always gets the same id, whichever alias named its harness. Migration 014 writes the
 * same text in SQL for runs stored before it (core/store/one-configuration-migration.test.ts
 * compares the two on generated rows).
 */
export function configIdOf(harness: string, model: string, versions: Readonly<Record<string, string>>): string {
  return `[${JSON.stringify(canonicalHarnessName(harness))},${JSON.stringify(model)},${versionsJsonOf(versions)}]`;
}

/**
 * A versions record as JSON with its names in code point order (SQLite's order for text, so the
 * migration can write it too), written out entry by entry: a JavaScript object would put
 * integer-like names such as "2" first whatever order they were given in.
 */
export function versionsJsonOf(versions: Readonly<Record<string, string>>): string {
  const entries = Object.entries(versions).sort(([x], [y]) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
  return `{${entries.map(([name, version]) => `${JSON.stringify(name)}:${JSON.stringify(version)}`).join(',')}}`;
}

/** The `runs` columns a configuration fills (the caller adds the `synthetic:` prefix for a synthetic run). */
export function configurationColumns(configuration: RunConfiguration): { harness: string; model: string; versions_json: string; config_id: string; harness_version: string | null } {
  return {
    harness: configuration.harness,
    model: configuration.model,
    versions_json: versionsJsonOf(configuration.versions),
    config_id: configIdOf(configuration.harness, configuration.model, configuration.versions),
    harness_version: configuration.harnessVersion,
  };
}
