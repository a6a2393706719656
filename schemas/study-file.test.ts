import { describe, expect, it } from 'vitest';
import { parseStudyFile, StudyFileError } from './study-file.ts';

const FILE = `name: skill-ablation            # starting it again resumes it
tasks: [./tasks/pricing, demo-chapter-trend]
repeats: 3
concurrency: 4
skill:
  dir: ./skills/figma-to-code
  versions: [none, v1, v2]
configurations:
  - harness: claude-code
    model: claude-sonnet-4-5
    apiKeyEnv: ANTHROPIC_API_KEY
  - harness: codex
    model: gpt-5.2
    endpoint: https://gateway.example/v1
    apiKeyEnv: OPENAI_API_KEY
    price: { inputPerMillion: 1.25, outputPerMillion: 10 }
  - harness: gemini-cli
    model: gemini-3-pro
    harnessVersion: 0.61.0
    skillVersions: [none, v2]
`;

function refusal(text: string): string {
  try {
    parseStudyFile(text, 'study.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(StudyFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('a study file', () => {
  it('takes `timeout` (seconds) for the spec’s timeoutSeconds, as the README’s example writes it, and refuses both at once', () => {
    const withTimeout = FILE.replace('repeats: 3\n', 'repeats: 3\ntimeout: 3600\n');
    expect(parseStudyFile(withTimeout, 'study.yaml').timeoutSeconds).toBe(3600);
    expect(parseStudyFile(FILE.replace('repeats: 3\n', 'repeats: 3\ntimeout: 90\n'), 'study.yaml').timeoutSeconds).toBe(90);
    expect(refusal(withTimeout.replace('timeout: 3600\n', 'timeout: 3600\ntimeoutSeconds: 60\n'))).toBe(
      'study.yaml:4: timeout: the file gives both timeout and timeoutSeconds; keep one (they are the same: seconds per run).',
    );
  });

  it('reads as the spec runs.start takes, each configuration with its own provider and arms', () => {
    const spec = parseStudyFile(FILE, 'study.yaml');
    expect(spec.tasks).toEqual(['./tasks/pricing', 'demo-chapter-trend']);
    expect(spec.skill).toEqual({ dir: './skills/figma-to-code', versions: ['none', 'v1', 'v2'] });
    expect(spec.configurations[1]).toMatchObject({ harness: 'codex', endpoint: 'https://gateway.example/v1', apiKeyEnv: 'OPENAI_API_KEY', price: { inputPerMillion: 1.25, outputPerMillion: 10 } });
    expect(spec.configurations[2]).toMatchObject({ harnessVersion: '0.61.0', skillVersions: ['none', 'v2'] });
  });

  it('reads JSON too', () => {
    expect(parseStudyFile(JSON.stringify({ tasks: ['t'], configurations: [{ harness: 'codex', model: 'gpt-5.5' }] }), 'study.json').configurations).toHaveLength(1);
  });

  it('refuses an unknown field, naming it and its line', () => {
    const message = refusal(FILE.replace('    apiKeyEnv: OPENAI_API_KEY', '    apiKeyVar: OPENAI_API_KEY'));
    expect(message).toContain('study.yaml:15');
    expect(message).toContain('apiKeyVar');
    expect(message).toContain('configurations.1');
    // It says which fields there are, so the typo is easy to fix.
    expect(message).toContain('apiKeyEnv');
  });

  it('refuses an unknown top-level field on its own line', () => {
    const message = refusal(`tasks: [t]\nconfigurations:\n  - harness: codex\n    model: gpt-5.5\ntimeout_s: 60\n`);
    expect(message).toMatch(/study\.yaml:5\b.*timeout_s/);
  });

  it('names the line of a value of the wrong kind, and of a YAML syntax error', () => {
    expect(refusal(FILE.replace('repeats: 3', 'repeats: three'))).toMatch(/study\.yaml:3\b.*repeats/);
    expect(refusal(FILE.replace('    endpoint: https://gateway.example/v1', '    endpoint: not a url'))).toMatch(/study\.yaml:14\b.*configurations\.1\.endpoint/);
    expect(refusal('tasks: [t\nconfigurations: 3\n')).toMatch(/study\.yaml:\d+/);
  });

  it('names a missing field by its place', () => {
    expect(refusal('tasks: [t]\n')).toMatch(/configurations/);
    expect(refusal('')).toMatch(/empty|tasks/);
  });
});
