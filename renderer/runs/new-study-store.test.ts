import { describe, expect, it, vi } from 'vitest';
import type { TaskSummary } from '../../schemas/arena.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { HarnessStatus } from '../../schemas/studies.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { parseStudyFile } from '../../schemas/study-file.ts';
import { createNewStudyStore } from './new-study-store.ts';
import { validateStudyForm } from './study-form.ts';

const task = (id: string, synthetic = false): TaskSummary => ({ id, kind: 'programmatic', title: `Task ${id}`, instruction: '', frames: 0, runs: 0, synthetic });
const HARNESSES: HarnessStatus[] = [
  { id: 'claude-code', displayName: 'Claude Code', defaultModel: 'claude-sonnet-4-5', keyEnv: 'ANTHROPIC_API_KEY', takesCommand: false, detection: 'not-installed', versionProblem: null, versionTimedOut: false, version: null, binary: null, problem: 'claude was not found.', pinnedVersion: '2.0.14' },
  { id: 'command', displayName: 'Command', defaultModel: 'unspecified', keyEnv: null, takesCommand: true, detection: 'any-command', versionProblem: null, versionTimedOut: false, version: null, binary: null, problem: null, pinnedVersion: null },
];

/** `refuse`: what the server says to runs.start, and the spec field it names (error.field). */
function fakeServer(refuse?: string, field?: string) {
  const calls: { method: string; input: unknown }[] = [];
  const client = {
    async call(method: string, input: unknown) {
      calls.push({ method, input });
      if (method === 'tasks.list') return { tasks: [task('real-1'), task('syn-1', true)] };
      if (method === 'harnesses.list') return { harnesses: HARNESSES };
      if (method === 'runs.slurmSettings') return { settings: null };
      if (method === 'runs.skillVersions') return { name: 'figma', versions: ['none', 'base', 'v2'] };
      if (method === 'runs.mcpVariables') return { requests: [{ taskId: 'real-1', server: 'figma', transport: 'stdio', variable: 'FIGMA_API_KEY', as: 'FIGMA_API_KEY' }] };
      if (method === 'runs.startDemo') return { studyId: 'demo-study', jobId: 'job-2', resumed: false };
      if (method === 'runs.start') {
        if (refuse) throw new RpcCallError('bad_request', refuse, field);
        return { studyId: 'study-1', jobId: 'job-1', resumed: false };
      }
      throw new Error(`no fake for ${method}`);
    },
    putBlob: () => Promise.reject(new Error('unused')),
    onEvent: () => () => {},
  } as unknown as RpcClient;
  return { client, calls };
}

describe('the new study form’s store', () => {
  it('offers real tasks only, and the harnesses with what was found', async () => {
    const { client } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    expect(store.getState().isOpen).toBe(true);
    expect(store.getState().choicesPhase).toBe('ready');
    expect(store.getState().tasks.map((t) => t.id)).toEqual(['real-1']);
    expect(store.getState().harnesses).toHaveLength(2);
  });

  it('marks the fields and starts nothing while the form is wrong; editing a field clears its problem', async () => {
    const { client, calls } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    // The first row offers the one harness that runs here (Claude Code is not installed in this fake).
    expect(store.getState().form.configurations.map((row) => row.harness)).toEqual(['command']);
    expect(await store.getState().submit()).toBeUndefined();
    expect(calls.some((c) => c.method === 'runs.start')).toBe(false);
    expect(Object.keys(store.getState().errors).sort()).toEqual(['config:0:command', 'tasks']);
    store.getState().edit((f) => void (f.taskIds = ['real-1']));
    expect(store.getState().errors.tasks).toBeUndefined();
    expect(store.getState().errors['config:0:command']).toMatch(/Enter the command line/);
  });

  it('adds and removes configuration rows', async () => {
    const { client } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    store.getState().addConfiguration();
    expect(store.getState().form.configurations).toHaveLength(2);
    store.getState().removeConfiguration(0);
    store.getState().removeConfiguration(0);
    expect(store.getState().form.configurations).toEqual([]);
    expect(await store.getState().submit()).toBeUndefined();
    expect(store.getState().errors.configurations).toMatch(/Add at least one configuration/);
  });

  it('starts the study and closes; a second press meanwhile starts nothing more', async () => {
    const { client, calls } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    store.getState().edit((f) => {
      f.taskIds = ['real-1'];
      f.configurations[0]!.command = 'true';
    });
    const [first, second] = await Promise.all([store.getState().submit(), store.getState().submit()]);
    expect([first, second]).toEqual(['study-1', undefined]);
    expect(calls.filter((c) => c.method === 'runs.start').map((c) => c.input)).toEqual([
      { tasks: ['real-1'], configurations: [{ harness: 'command', model: 'unspecified', command: 'true' }], repeats: 1, concurrency: 2, timeoutSeconds: 3600 },
    ]);
    expect(store.getState().isOpen).toBe(false);
  });

  it('ticks the skill folder’s base version once its versions are read, not "no skill"', async () => {
    const { client, calls } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    store.getState().edit((f) => void (f.skillDir = '/skills/figma'));
    await store.getState().loadSkillVersions();
    expect(calls.filter((c) => c.method === 'runs.skillVersions').map((c) => c.input)).toEqual([{ dir: '/skills/figma' }]);
    expect(store.getState().skillChoices).toMatchObject({ phase: 'ready', versions: ['none', 'base', 'v2'] });
    expect(store.getState().form.skillVersions).toEqual(['base']);
  });

  it('opens a study file into the form and exports the same spec; a bad file is refused naming its line and field', async () => {
    const { client } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    const file = 'tasks: [real-1]\nskill:\n  dir: /skills/figma\n  versions: [none, v2]\nconfigurations:\n  - harness: command\n    model: scripted\n    command: "true"\n    skillVersions: [v2]\n';
    await store.getState().openStudyFile(file, 'study.yaml');
    expect(store.getState().fileMessage).toEqual({ tone: 'done', text: 'Opened study.yaml.' });
    expect(store.getState().form.skillVersions).toEqual(['none', 'v2']);
    const exported = store.getState().exportStudyFile();
    expect(exported && parseStudyFile(exported, 'exported.yaml')).toEqual(parseStudyFile(file, 'study.yaml'));

    await store.getState().openStudyFile('tasks: [real-1]\nconfigurations:\n  - harness: command\n    modle: scripted\n', 'typo.yaml');
    expect(store.getState().fileMessage?.tone).toBe('problem');
    expect(store.getState().fileMessage?.text).toMatch(/typo\.yaml:4: configurations\.0\.modle: unknown field "modle"/);
    await store.getState().openStudyFile('tasks: [./tasks/pricing]\nconfigurations:\n  - harness: command\n    model: m\n    command: "true"\n', 'folders.yaml');
    expect(store.getState().fileMessage?.text).toMatch(/^folders\.yaml:1: tasks\.0: “\.\/tasks\/pricing” is a task folder/);
    expect(store.getState().fileMessage?.text).toMatch(/Import the folder \(Import, below\), then name its task id here\.$/);
    // A refused file leaves what the form held.
    expect(store.getState().form.skillVersions).toEqual(['none', 'v2']);
  });

  it('refuses an opened study file’s relative skill folder at the Skill folder field, in the form’s words, without asking the server to read it', async () => {
    const { client, calls } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    const file = 'tasks: [real-1]\nskill:\n  dir: ../skills/figma\n  versions: [none, v2]\nconfigurations:\n  - harness: command\n    model: scripted\n    command: "true"\n';
    await store.getState().openStudyFile(file, 'study.yaml');
    expect(store.getState().form.skillDir).toBe('../skills/figma');
    const refusal = 'Enter the skill folder’s full path on the server (starting with /, like /home/me/skills/my-skill); “../skills/figma” is relative, and the form cannot tell what to.';
    expect(store.getState().errors.skillDir).toBe(refusal);
    expect(calls.some((c) => c.method === 'runs.skillVersions')).toBe(false);
    expect(await store.getState().submit()).toBeUndefined();
    expect(store.getState().errors.skillDir).toBe(refusal);
    expect(calls.some((c) => c.method === 'runs.start')).toBe(false);

    store.getState().edit((f) => void (f.skillDir = '/skills/figma'));
    await store.getState().loadSkillVersions();
    expect(store.getState().errors.skillDir).toBeUndefined();
    expect(calls.filter((c) => c.method === 'runs.skillVersions').map((c) => c.input)).toEqual([{ dir: '/skills/figma' }]);
  });

  it('asks the server which variables the MCP servers of an opened file’s task folders ask for, and puts a refusal of one next to the field that allows them', async () => {
    const { client, calls } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    await store.getState().openStudyFile('tasks: [real-1]\ntaskFolders: { real-1: /tasks/real-1 }\nconfigurations:\n  - harness: command\n    model: m\n    command: "true"\n', 'study.yaml');
    expect(calls.filter((c) => c.method === 'runs.mcpVariables').map((c) => c.input)).toEqual([{ tasks: ['real-1'], taskFolders: { 'real-1': '/tasks/real-1' } }]);
    expect(store.getState().mcpRequests).toEqual([expect.objectContaining({ server: 'figma', variable: 'FIGMA_API_KEY' })]);

    // A file without task folders has no task servers to ask about.
    await store.getState().openStudyFile('tasks: [real-1]\nconfigurations:\n  - harness: command\n    model: m\n    command: "true"\n', 'plain.yaml');
    expect(calls.filter((c) => c.method === 'runs.mcpVariables')).toHaveLength(1);
    expect(store.getState().mcpRequests).toEqual([]);

    const refused = fakeServer('task "real-1": MCP server "figma" asks for the environment variable FIGMA_API_KEY (as its variable FIGMA_API_KEY), which this study does not allow its tasks\' MCP servers to receive.', 'allowMcpEnv');
    const refusing = createNewStudyStore();
    await refusing.getState().open(refused.client);
    refusing.getState().edit((f) => void (f.taskIds = ['real-1']));
    refusing.getState().edit((f) => void (f.configurations[0]!.command = 'true'));
    expect(await refusing.getState().submit()).toBeUndefined();
    expect(refusing.getState().errors.allowMcpEnv).toMatch(/MCP server "figma" asks for the environment variable FIGMA_API_KEY/);
  });

  it('starts the demo study from the form', async () => {
    const { client, calls } = fakeServer();
    const store = createNewStudyStore();
    await store.getState().open(client);
    expect(await store.getState().startDemo()).toBe('demo-study');
    expect(calls.filter((c) => c.method === 'runs.startDemo')).toHaveLength(1);
    expect(store.getState().isOpen).toBe(false);
  });

  it('lets a study start while a harness’s version is still being found, and shows the version once the server knows it', async () => {
    const gemini: HarnessStatus = { id: 'gemini-cli', displayName: 'Gemini CLI', defaultModel: 'gemini-2.5-pro', keyEnv: 'GEMINI_API_KEY', takesCommand: false, detection: 'detecting', versionProblem: null, versionTimedOut: false, version: null, binary: '/x/gemini', problem: null, pinnedVersion: '0.61.0' };
    const listed = [[gemini], [gemini], [{ ...gemini, detection: 'found' as const, version: '0.61.0' }]];
    const { client: base, calls } = fakeServer();
    const client = { ...base, call: (method: string, input: unknown) => (method === 'harnesses.list' ? (calls.push({ method, input }), Promise.resolve({ harnesses: listed.shift() ?? [{ ...gemini, detection: 'found', version: '0.61.0' }] })) : base.call(method as never, input as never)) } as RpcClient;
    const store = createNewStudyStore();
    await store.getState().open(client);
    // Installed, its version not known yet: chosen for the first row, and nothing blocks Start.
    expect(store.getState().harnesses[0]!.detection).toBe('detecting');
    expect(store.getState().form.configurations.map((row) => row.harness)).toEqual(['gemini-cli']);
    store.getState().edit((f) => void (f.taskIds = ['real-1']));
    expect(validateStudyForm(store.getState().form, store.getState().harnesses)).toMatchObject({ ok: true });
    // The form asks again while it is open, until the version is known.
    await vi.waitFor(() => expect(store.getState().harnesses[0]).toMatchObject({ detection: 'found', version: '0.61.0' }), { timeout: 10_000 });
    expect(await store.getState().submit()).toBe('study-1');
    expect(calls.find((c) => c.method === 'runs.start')?.input).toMatchObject({ configurations: [{ harness: 'gemini-cli', model: 'gemini-2.5-pro' }] });
    const asked = calls.filter((c) => c.method === 'harnesses.list').length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(calls.filter((c) => c.method === 'harnesses.list').length).toBe(asked);
  });

  it('shows the server’s refusal at the field it names, and keeps the form open', async () => {
    const refusal = '/skills/Bad/SKILL.md: front matter field "name" is "Bad"; use lowercase letters, digits and single hyphens.';
    const { client } = fakeServer(refusal, 'skill.dir');
    const store = createNewStudyStore();
    await store.getState().open(client);
    store.getState().edit((f) => {
      f.taskIds = ['real-1'];
      f.configurations[0]!.command = 'true';
      f.skillDir = '/skills/Bad';
      f.skillVersions = ['base'];
    });
    expect(await store.getState().submit()).toBeUndefined();
    expect(store.getState().isOpen).toBe(true);
    expect(store.getState().errors.skillDir).toBe(refusal);
    expect(store.getState().errors.form).toMatch(/nothing was started/);
  });
});
