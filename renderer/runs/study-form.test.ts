import { describe, expect, it } from 'vitest';
import type { HarnessStatus } from '../../schemas/studies.ts';
import { emptyStudyForm, fieldOfServerError, harnessAvailable, suggestedKeyEnv, validateStudyForm, withHarnessChoices, withRememberedSlurm, type StudyForm } from './study-form.ts';

const harnesses: HarnessStatus[] = [
  { id: 'claude-code', displayName: 'Claude Code', defaultModel: 'claude-sonnet-4-5', keyEnv: 'ANTHROPIC_API_KEY', takesCommand: false, version: '2.0.14', binary: '/x/claude', problem: null, pinnedVersion: '2.0.14' },
  { id: 'codex', displayName: 'Codex CLI', defaultModel: 'gpt-5.5', keyEnv: 'OPENAI_API_KEY', takesCommand: false, version: null, binary: null, problem: 'codex was not found.', pinnedVersion: '0.1' },
  { id: 'gemini-cli', displayName: 'Gemini CLI', defaultModel: 'gemini-2.5-pro', keyEnv: 'GEMINI_API_KEY', takesCommand: false, version: '0.61.0', binary: '/x/gemini', problem: null, pinnedVersion: '0.61.0' },
  { id: 'command', displayName: 'Command', defaultModel: 'unspecified', keyEnv: null, takesCommand: true, version: null, binary: null, problem: null, pinnedVersion: null },
];

function form(change: (f: StudyForm) => void): StudyForm {
  const f = emptyStudyForm(harnesses);
  f.taskIds = ['t1'];
  f.harnesses['claude-code']!.selected = true;
  change(f);
  return f;
}

describe('the new study form', () => {
  it('starts with each harness’s default model and the engine’s defaults', () => {
    const f = emptyStudyForm(harnesses);
    expect(f.harnesses['claude-code']!.model).toBe('claude-sonnet-4-5');
    expect(f.harnesses.codex!.model).toBe('gpt-5.5');
    expect(f.harnesses['gemini-cli']!.model).toBe('gemini-2.5-pro');
    expect([f.repeats, f.concurrency, f.timeoutSeconds, f.skill]).toEqual(['1', '2', '3600', 'none']);
  });

  it('builds the spec runs.start takes, with only what was given', () => {
    const result = validateStudyForm(
      form((f) => {
        f.harnesses.command!.selected = true;
        f.harnesses.command!.model = 'scripted';
        f.command = '  ./agent.sh  ';
        f.skill = 'folder';
        f.skillDir = '/skills/demo';
        f.skillVersion = 'v2';
        f.repeats = '3';
        f.endpoint = 'http://127.0.0.1:9000';
        f.apiKeyEnv = 'ANTHROPIC_API_KEY';
      }),
      harnesses,
    );
    expect(result).toEqual({
      ok: true,
      spec: {
        tasks: ['t1'],
        configurations: [
          { harness: 'claude-code', model: 'claude-sonnet-4-5' },
          { harness: 'command', model: 'scripted', command: './agent.sh' },
        ],
        endpoint: 'http://127.0.0.1:9000',
        apiKeyEnv: 'ANTHROPIC_API_KEY',
        skill: { dir: '/skills/demo', version: 'v2' },
        repeats: 3,
        concurrency: 2,
        timeoutSeconds: 3600,
      },
    });
    const noSkill = validateStudyForm(form(() => {}), harnesses);
    expect(noSkill.ok && noSkill.spec.skill).toBeUndefined();
  });

  it('says next to each field what is wrong and how to fix it', () => {
    const result = validateStudyForm(
      {
        ...emptyStudyForm(),
        endpoint: 'api.example.com',
        apiKeyEnv: '1KEY',
        skill: 'folder',
        repeats: '0',
        concurrency: 'two',
        timeoutSeconds: '',
      },
      harnesses,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.tasks).toBe('Choose at least one task.');
    expect(result.errors.harnesses).toBe('Choose at least one harness.');
    expect(result.errors.endpoint).toMatch(/full http:\/\/ or https:\/\/ address/);
    expect(result.errors.apiKeyEnv).toMatch(/like ANTHROPIC_API_KEY/);
    expect(result.errors.skillDir).toMatch(/skill folder’s path.*or choose “No skill”/);
    expect(result.errors.repeats).toBe('The repeats must be from 1 to 100; 0 is out of range.');
    expect(result.errors.concurrency).toBe('The concurrency must be a whole number from 1 to 64; “two” is not.');
    expect(result.errors.timeoutSeconds).toBe('Enter the timeout, a whole number from 1 to 604800.');
  });

  it('refuses a harness that is not installed, an empty model, and the command harness without a command', () => {
    const result = validateStudyForm(
      form((f) => {
        f.harnesses.codex!.selected = true;
        f.harnesses['claude-code']!.model = ' ';
        f.harnesses.command!.selected = true;
      }),
      harnesses,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.harnesses).toBe('Codex CLI is not installed here; install it with lhb harnesses install codex, or untick it.');
    expect(result.errors['model:claude-code']).toBe('Enter the model this harness runs with.');
    expect(result.errors.command).toMatch(/Enter the command line/);
    expect(harnessAvailable(harnesses[1])).toBe(false);
    expect(harnessAvailable(harnesses[3])).toBe(true);
  });

  it('puts a refusal from the server next to the field it names', () => {
    expect(fieldOfServerError('/s/Bad_Skill/SKILL.md: front matter field "name" is "Bad_Skill"; use lowercase letters')).toBe('skillDir');
    expect(fieldOfServerError('/s/versions/v9/SKILL.md: not found, so skill version "v9" does not exist. Versions here: v2.')).toBe('skillVersion');
    expect(fieldOfServerError('No task "x" in this workspace. Import the task folder first')).toBe('tasks');
    expect(fieldOfServerError('Codex CLI 1.0 is not installed in /tools. Install it with: lhb harnesses install codex --version 1.0')).toBe('harnesses');
    expect(fieldOfServerError('The database is locked.')).toBe('form');
  });

  it('sends a Slurm study with its cluster settings, and asks for an absolute shared folder', () => {
    const missing = validateStudyForm(form((f) => void (f.executor = 'slurm')), harnesses);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.slurmSharedDir).toMatch(/every compute node sees/);
    const relative = validateStudyForm(form((f) => Object.assign(f, { executor: 'slurm', slurmSharedDir: 'shared/lhb', slurmOptions: 'qos=long' })), harnesses);
    expect(relative.ok).toBe(false);
    if (!relative.ok) {
      expect(relative.errors.slurmSharedDir).toMatch(/absolute path/);
      expect(relative.errors.slurmOptions).toMatch(/“qos=long” does not/);
    }
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

  it('offers the harnesses the server listed, in its order, keeping what was chosen and typed', () => {
    expect(emptyStudyForm().harnesses).toEqual({});
    const typed = emptyStudyForm(harnesses.slice(0, 2));
    typed.harnesses.codex = { selected: true, model: 'gpt-custom' };
    const later = withHarnessChoices(typed.harnesses, [harnesses[3]!, harnesses[1]!, harnesses[0]!]);
    expect(Object.keys(later)).toEqual(['command', 'codex', 'claude-code']);
    expect(later.codex).toEqual({ selected: true, model: 'gpt-custom' });
    expect(later.command).toEqual({ selected: false, model: 'unspecified' });
  });

  it('asks for a command from whichever harness takes one, as harnesses.list says', () => {
    const takingCodex = harnesses.map((h) => ({ ...h, takesCommand: h.id === 'codex', version: h.id === 'codex' ? null : h.version, problem: null }));
    const missing = validateStudyForm(form((f) => void (f.harnesses.codex!.selected = true)), takingCodex);
    expect(!missing.ok && missing.errors.command).toMatch(/Enter the command line/);
    const given = validateStudyForm(
      form((f) => {
        f.harnesses.codex!.selected = true;
        f.command = 'run-agent';
      }),
      takingCodex,
    );
    expect(given.ok && given.spec.configurations).toEqual([
      { harness: 'claude-code', model: 'claude-sonnet-4-5' },
      { harness: 'codex', model: 'gpt-5.5', command: 'run-agent' },
    ]);
  });

  it('suggests the key variable of the first chosen harness’s CLI, else the first harness’s', () => {
    expect(suggestedKeyEnv(emptyStudyForm(harnesses), harnesses)).toBe('ANTHROPIC_API_KEY');
    const gemini = form((f) => {
      f.harnesses['claude-code']!.selected = false;
      f.harnesses['gemini-cli']!.selected = true;
    });
    expect(suggestedKeyEnv(gemini, harnesses)).toBe('GEMINI_API_KEY');
    expect(suggestedKeyEnv(emptyStudyForm(), [])).toBeUndefined();
  });
});
