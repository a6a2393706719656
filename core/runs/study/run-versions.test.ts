import { describe, expect, it } from 'vitest';
import { StudySpecSchema, type StudyConfiguration } from '../../../schemas/studies.ts';
import { configIdOf } from '../run-configuration.ts';
import { runVersions } from './create-study.ts';

const spec = (configurations: StudyConfiguration[]) => StudySpecSchema.parse({ tasks: ['t'], configurations, skill: { dir: '/skills/s', version: 'v2' } });
const versionOf = (configuration: StudyConfiguration) => configuration.harnessVersion ?? '0.171.0';

describe('the versions a study run records', () => {
  it('leave the harness version out when the study runs one version of each harness and model', () => {
    const study = spec([{ harness: 'codex', model: 'gpt-5.5' }, { harness: 'claude-code', model: 'claude-sonnet-4-5', harnessVersion: '2.1.3' }]);
    expect(study.configurations.map((configuration) => runVersions(study, configuration, 'v2', versionOf))).toEqual([{ skill: 'v2' }, { skill: 'v2' }]);
  });

  it('keep the harness version when the study compares two versions of one harness and model, so they are two configurations', () => {
    const study = spec([{ harness: 'codex', model: 'gpt-5.5', harnessVersion: '0.46.0' }, { harness: 'codex', model: 'gpt-5.5' }, { harness: 'codex', model: 'gpt-5-codex' }]);
    const versions = study.configurations.map((configuration) => runVersions(study, configuration, 'v2', versionOf));
    expect(versions).toEqual([{ skill: 'v2', harness: '0.46.0' }, { skill: 'v2', harness: '0.171.0' }, { skill: 'v2' }]);
    expect(configIdOf('codex', 'gpt-5.5', versions[0]!)).not.toBe(configIdOf('codex', 'gpt-5.5', versions[1]!));
  });

  it('read two pins of the same installed version as one configuration', () => {
    const study = spec([{ harness: 'codex', model: 'gpt-5.5', harnessVersion: '0.171.0' }, { harness: 'codex', model: 'gpt-5.5' }]);
    expect(study.configurations.map((configuration) => runVersions(study, configuration, 'v2', versionOf))).toEqual([{ skill: 'v2' }, { skill: 'v2' }]);
  });
});
