import { describe, expect, it } from 'vitest';
import { StudySpecSchema, type HarnessStatus } from '../../schemas/studies.ts';
import { HARNESS_VERSION_MAX, MODEL_NAME_MAX, STUDY_NAME_MAX, STUDY_NUMBER_BOUNDS } from '../../schemas/study-rules.ts';
import { parseStudyFile } from '../../schemas/study-file.ts';
import { allowedMcpVariables, configurationRow, emptyStudyForm, fieldOfServerError, firstAvailableHarness, harnessAvailable, listedSkillVersions, runCount, studyFormFromSpec, toggledVersions, validateStudyForm, withRememberedSlurm, type StudyForm } from './study-form.ts';

const harnesses: HarnessStatus[] = [
  { id: 'claude-code', displayName: 'Claude Code', defaultModel: 'claude-sonnet-4-5', keyEnv: 'ANTHROPIC_API_KEY', takesCommand: false, detection: 'found', versionProblem: null, versionTimedOut: false, version: '2.0.14', binary: '/x/claude', problem: null, pinnedVersion: '2.0.14' },
  { id: 'codex', displayName: 'Codex CLI', defaultModel: 'gpt-5.5', keyEnv: 'OPENAI_API_KEY', takesCommand: false, detection: 'not-installed', versionProblem: null, versionTimedOut: false, version: null, binary: null, problem: 'codex was not found.', pinnedVersion: '0.1' },
  { id: 'gemini-cli', displayName: 'Gemini CLI', defaultModel: 'gemini-2.5-pro', keyEnv: 'GEMINI_API_KEY', takesCommand: false, detection: 'found', versionProblem: null, versionTimedOut: false, version: '0.61.0', binary: '/x/gemini', problem: null, pinnedVersion: '0.61.0' },
  { id: 'command', displayName: 'Command', defaultModel: 'unspecified', keyEnv: null, takesCommand: true, detection: 'any-command', versionProblem: null, versionTimedOut: false, version: null, binary: null, problem: null, pinnedVersion: null },
];

function form(change: (f: StudyForm) => void): StudyForm {
  const f = emptyStudyForm();
  f.taskIds = ['t1'];
  f.configurations = [configurationRow(harnesses[0]!)];
  change(f);
  return f;
}

const STUDY_FILE = `name: skill-ablation
tasks: [t1, t2]
repeats: 3
concurrency: 4
timeoutSeconds: 900
maxRetries: 0
skill:
  dir: /skills/figma-to-code
  versions: [none, v1, v2]
configurations:
  - harness: claude-code
    model: claude-sonnet-4-5
    apiKeyEnv: ANTHROPIC_API_KEY
    price: { inputPerMillion: 3, outputPerMillion: 15 }
  - harness: gemini-cli
    model: gemini-3-pro
    endpoint: https://gateway.example/v1
    harnessVersion: 0.61.0
    skillVersions: [none, v2]
`;

describe('the new study form', () => {
  it('starts from the engine’s defaults, and a new row from its harness’s default model', () => {
    const f = emptyStudyForm();
    expect([f.repeats, f.concurrency, f.timeoutSeconds, f.skillDir, f.configurations]).toEqual(['1', '2', '3600', '', []]);
    expect(configurationRow(harnesses[2]!)).toMatchObject({ harness: 'gemini-cli', model: 'gemini-2.5-pro', arms: null });
    // The first row offers a harness that runs here, not one that is missing.
    expect(firstAvailableHarness(harnesses)?.id).toBe('claude-code');
    expect(firstAvailableHarness(harnesses.slice(1))?.id).toBe('gemini-cli');
  });

  it('holds a study file as it is: the spec it builds is the file’s, fields it has no place for included', () => {
    const spec = parseStudyFile(STUDY_FILE, 'study.yaml');
    const filled = studyFormFromSpec(spec);
    expect(filled.configurations.map((row) => [row.harness, row.endpoint, row.apiKeyEnv, row.harnessVersion, row.arms, row.inputPrice])).toEqual([
      ['claude-code', '', 'ANTHROPIC_API_KEY', '', null, '3'],
      ['gemini-cli', 'https://gateway.example/v1', '', '0.61.0', ['none', 'v2'], ''],
    ]);
    expect(filled.skillVersions).toEqual(['none', 'v1', 'v2']);
    const built = validateStudyForm(filled, harnesses);
    expect(built.ok).toBe(true);
    if (built.ok) expect(parseStudyFile(JSON.stringify(built.spec), 'exported.json')).toEqual(spec);
  });

  it('runs sandboxed unless "Run without sandbox" is ticked, which sends the study file’s sandbox: false and reads it back', () => {
    const sandboxed = validateStudyForm(form(() => {}), harnesses);
    expect(sandboxed.ok && 'sandbox' in sandboxed.spec).toBe(false);
    const unsandboxed = validateStudyForm(form((f) => void (f.noSandbox = true)), harnesses);
    expect(unsandboxed.ok && unsandboxed.spec.sandbox).toBe(false);
    const reopened = studyFormFromSpec(parseStudyFile(`${STUDY_FILE}sandbox: false\n`, 'study.yaml'));
    expect(reopened.noSandbox).toBe(true);
    expect(reopened.carried).not.toHaveProperty('sandbox');
    expect(studyFormFromSpec(parseStudyFile(STUDY_FILE, 'study.yaml')).noSandbox).toBe(false);
  });

  it('sends the variables the tasks’ MCP servers may receive as allowMcpEnv, reads them back from a study file, and refuses what is not a name', () => {
    const checked = validateStudyForm(form((f) => void (f.allowMcpEnv = ' FIGMA_API_KEY, DOCS_TOKEN FIGMA_API_KEY ')), harnesses);
    expect(checked.ok && checked.spec.allowMcpEnv).toEqual(['FIGMA_API_KEY', 'DOCS_TOKEN']);
    const none = validateStudyForm(form(() => {}), harnesses);
    expect(none.ok && 'allowMcpEnv' in none.spec).toBe(false);
    const bad = validateStudyForm(form((f) => void (f.allowMcpEnv = 'FIGMA_API_KEY $HOME')), harnesses);
    expect(!bad.ok && bad.errors.allowMcpEnv).toMatch(/“\$HOME” is not an environment variable’s name/);
    const opened = studyFormFromSpec(parseStudyFile(`${STUDY_FILE}allowMcpEnv: [FIGMA_API_KEY, DOCS_TOKEN]\n`, 'study.yaml'));
    expect(allowedMcpVariables(opened.allowMcpEnv)).toEqual(['FIGMA_API_KEY', 'DOCS_TOKEN']);
    expect(opened.carried).not.toHaveProperty('allowMcpEnv');
    // The server's refusal of a variable not allowed goes next to this field.
    expect(fieldOfServerError('allowMcpEnv')).toBe('allowMcpEnv');
  });

  it('counts the runs: tasks × each configuration’s arms × repeats', () => {
    const filled = studyFormFromSpec(parseStudyFile(STUDY_FILE, 'study.yaml'));
    // 2 tasks × (3 arms + 2 arms) × 3 repeats.
    expect(runCount(filled)).toBe(30);
    expect(runCount({ ...filled, skillDir: '' })).toBe(2 * 2 * 3);
    expect(runCount({ ...filled, repeats: 'x' })).toBeUndefined();
  });

  it('writes the folder’s own SKILL.md alone as the plain folder, and no skill as none at all', () => {
    const base = validateStudyForm(form((f) => Object.assign(f, { skillDir: '/skills/s', skillVersions: ['base'] })), harnesses);
    expect(base.ok && base.spec.skill).toEqual({ dir: '/skills/s' });
    const none = validateStudyForm(form(() => {}), harnesses);
    expect(none.ok && 'skill' in none.spec).toBe(false);
    const empty = validateStudyForm(form((f) => Object.assign(f, { skillDir: '/skills/s', skillVersions: [] })), harnesses);
    expect(!empty.ok && empty.errors.skillVersions).toMatch(/Tick at least one version/);
  });

  it('lists the folder’s versions first and keeps their order when ticking', () => {
    const listed = listedSkillVersions(['none', 'base', 'v1', 'v2'], ['v2', 'v9']);
    expect(listed).toEqual(['none', 'base', 'v1', 'v2', 'v9']);
    expect(toggledVersions(listed, ['v2'], 'none', true)).toEqual(['none', 'v2']);
    expect(toggledVersions(listed, ['none', 'v2'], 'v2', false)).toEqual(['none']);
  });

  it('says next to each configuration’s cell what is wrong and how to fix it', () => {
    const result = validateStudyForm(
      form((f) => {
        f.skillDir = '/skills/s';
        f.skillVersions = ['none', 'v2'];
        f.configurations = [
          { ...configurationRow(harnesses[1]!), model: ' ', endpoint: 'gateway', apiKeyEnv: '1KEY' },
          { ...configurationRow(harnesses[3]!), arms: ['v1'], inputPrice: '3' },
        ];
      }),
      harnesses,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['config:0:harness']).toBe('Codex CLI is not installed on the machine running the server. Install it there in a terminal, `lhb harnesses install codex`, or choose another harness.');
    expect(result.errors['config:0:model']).toBe('Enter the model this harness runs with.');
    expect(result.errors['config:0:endpoint']).toMatch(/full http:\/\/ or https:\/\/ address/);
    expect(result.errors['config:0:apiKeyEnv']).toMatch(/like ANTHROPIC_API_KEY/);
    expect(result.errors['config:1:command']).toMatch(/Enter the command line/);
    expect(result.errors['config:1:arms']).toBe('Arm “v1” is not one of the study’s skill versions; tick it above first.');
    expect(result.errors['config:1:price']).toMatch(/both prices/);
    expect(validateStudyForm({ ...emptyStudyForm(), taskIds: ['t'] }, harnesses)).toMatchObject({ ok: false, errors: { configurations: expect.stringMatching(/Add at least one configuration/) } });
    expect(harnessAvailable(harnesses[1])).toBe(false);
    expect(harnessAvailable(harnesses[3])).toBe(true);
  });

  it('puts a refusal from the server next to the field it names', () => {
    // The server names the spec's field (error.field); the form finds its own field for it.
    expect(fieldOfServerError('skill.dir')).toBe('skillDir');
    expect(fieldOfServerError('skill.versions')).toBe('skillVersions');
    expect(fieldOfServerError('configurations.1.skillVersions')).toBe('skillVersions');
    expect(fieldOfServerError('tasks')).toBe('tasks');
    expect(fieldOfServerError('configurations.0')).toBe('configurations');
    expect(fieldOfServerError('configurations.0.apiKeyEnv')).toBe('configurations');
    expect(fieldOfServerError('slurm.sharedDir')).toBe('slurmSharedDir');
    expect(fieldOfServerError('slurm.partition')).toBe('slurmPartition');
    expect(fieldOfServerError('slurm')).toBe('slurmSharedDir');
    expect(fieldOfServerError('replay')).toBe('form');
    expect(fieldOfServerError(undefined)).toBe('form');
  });

  it('sends a Slurm study with its cluster settings, and asks for an absolute shared folder', () => {
    const missing = validateStudyForm(form((f) => void (f.executor = 'slurm')), harnesses);
    expect(!missing.ok && missing.errors.slurmSharedDir).toMatch(/every compute node sees/);
    const relative = validateStudyForm(form((f) => Object.assign(f, { executor: 'slurm', slurmSharedDir: 'shared/lhb', slurmOptions: 'qos=long' })), harnesses);
    expect(!relative.ok && relative.errors.slurmSharedDir).toMatch(/absolute path/);
    expect(!relative.ok && relative.errors.slurmOptions).toMatch(/“qos=long” does not/);
    const ok = validateStudyForm(form((f) => Object.assign(f, { executor: 'slurm', slurmSharedDir: ' /shared/lhb ', slurmPartition: 'gpu', slurmOptions: '--qos=long  --gres=gpu:1' })), harnesses);
    expect(ok.ok && ok.spec).toMatchObject({ executor: 'slurm', slurm: { sharedDir: '/shared/lhb', partition: 'gpu', options: ['--qos=long', '--gres=gpu:1'] } });
    const local = validateStudyForm(form((f) => void (f.slurmSharedDir = '/shared/lhb')), harnesses);
    expect(local.ok && 'executor' in local.spec).toBe(false);
  });

  it('starts from the cluster settings the workspace remembers, without overwriting what was typed', () => {
    const typed = { ...emptyStudyForm(), slurmPartition: 'cpu' };
    const filled = withRememberedSlurm(typed, { sharedDir: '/shared/lhb', partition: 'gpu', options: ['--qos=long'] });
    expect([filled.slurmSharedDir, filled.slurmPartition, filled.slurmOptions]).toEqual(['/shared/lhb', 'cpu', '--qos=long']);
    expect(withRememberedSlurm(typed, null)).toBe(typed);
  });
});

describe('the form and the study spec share their rules (schemas/study-rules.ts)', () => {
  it('accepts what the spec accepts and refuses what it refuses, at each bound', () => {
    const valid = validateStudyForm(form(() => undefined), harnesses);
    if (!valid.ok) throw new Error('the base form should be valid');
    type Case = { what: string; type: (f: StudyForm) => void; sent: Record<string, unknown> };
    const row = valid.spec.configurations[0]!;
    const cases: Case[] = [
      ...Object.entries(STUDY_NUMBER_BOUNDS).flatMap(([field, { min, max }]) =>
        [min - 1, min, max, max + 1].map((value) => ({ what: `${field} ${value}`, type: (f: StudyForm) => void ((f as unknown as Record<string, string>)[field] = String(value)), sent: { ...valid.spec, [field]: value } })),
      ),
      ...[STUDY_NAME_MAX, STUDY_NAME_MAX + 1].map((length) => ({ what: `name of ${length}`, type: (f: StudyForm) => void (f.name = 'n'.repeat(length)), sent: { ...valid.spec, name: 'n'.repeat(length) } })),
      ...[MODEL_NAME_MAX, MODEL_NAME_MAX + 1].map((length) => ({ what: `model of ${length}`, type: (f: StudyForm) => void (f.configurations[0]!.model = 'm'.repeat(length)), sent: { ...valid.spec, configurations: [{ ...row, model: 'm'.repeat(length) }] } })),
      ...[HARNESS_VERSION_MAX, HARNESS_VERSION_MAX + 1].map((length) => ({
        what: `harness version of ${length}`,
        type: (f: StudyForm) => void (f.configurations[0]!.harnessVersion = '1'.repeat(length)),
        sent: { ...valid.spec, configurations: [{ ...row, harnessVersion: '1'.repeat(length) }] },
      })),
      ...['ANTHROPIC_API_KEY', 'MY-KEY'].map((name) => ({ what: `key variable ${name}`, type: (f: StudyForm) => void (f.configurations[0]!.apiKeyEnv = name), sent: { ...valid.spec, configurations: [{ ...row, apiKeyEnv: name }] } })),
    ];
    for (const { what, type, sent } of cases) expect(validateStudyForm(form(type), harnesses).ok, what).toBe(StudySpecSchema.safeParse(sent).success);
  });
});
