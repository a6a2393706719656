import { stringify as stringifyYaml } from 'yaml';
import { create } from 'zustand';
import type { TaskSummary } from '../../schemas/arena.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { HarnessStatus, McpVariableRequest } from '../../schemas/studies.ts';
import { parseStudyFile, studyFileLine, StudyFileError } from '../../schemas/study-file.ts';
import { couldNot, describeError } from '../api/describe-error.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { configurationRow, emptyStudyForm, fieldOfServerError, firstAvailableHarness, skillDirProblem, studyFormFromSpec, validateStudyForm, withRememberedSlurm, type StudyForm, type StudyFormErrors } from './study-form.ts';
import { isSyntheticTask } from './task-filter.ts';

type LoadPhase = 'idle' | 'loading' | 'ready' | 'failed';

/** A skill folder's versions as the server read them, or why it could not. */
export type SkillChoices = { dir: string; phase: 'loading' } | { dir: string; phase: 'ready'; name: string; versions: string[] } | { dir: string; phase: 'failed'; problem: string };

export interface NewStudyState {
  client?: RpcClient;
  isOpen: boolean;
  form: StudyForm;
  errors: StudyFormErrors;
  starting: boolean;
  /** Real tasks only: the demo's synthetic ones have nothing to give an agent. */
  tasks: TaskSummary[];
  harnesses: HarnessStatus[];
  choicesPhase: LoadPhase;
  skillChoices?: SkillChoices;
  /** The variables the chosen tasks' MCP servers ask for, as the server read their task folders (none for tasks given without a folder). */
  mcpRequests: McpVariableRequest[];
  /** Why the server could not list them. */
  mcpRequestsProblem?: string;
  /** Why the last study file could not be opened (its file, line and field), or what it loaded. */
  fileMessage?: { tone: 'problem' | 'done'; text: string };
  /** Opens the form (keeping what was typed last time) and loads the tasks and harnesses to choose from. */
  open(client: RpcClient): Promise<void>;
  close(): void;
  edit(change: (form: StudyForm) => void): void;
  addConfiguration(): void;
  removeConfiguration(index: number): void;
  /** Reads the skill folder's versions from the server; the first time a folder is read, its base version is ticked. */
  loadSkillVersions(): Promise<void>;
  /** Asks the server which variables the chosen tasks' MCP servers ask for (tasks with a folder only). */
  loadMcpRequests(): Promise<void>;
  /** Fills the form from a study file's text, or says, naming the line and field, why it cannot. */
  openStudyFile(text: string, fileName: string): Promise<void>;
  /** The form as a study file (YAML), or undefined with the fields marked when it is not a study yet. */
  exportStudyFile(): string | undefined;
  /** Checks the form and starts the study; resolves with its id once the server accepted it. */
  submit(): Promise<string | undefined>;
  /** Starts the demo study (the scripted model, no key needed); resolves with its id. */
  startDemo(): Promise<string | undefined>;
}

/** How often the open form asks again for harness versions still being found. */
const DETECTION_POLL_MS = 1_000;

export function createNewStudyStore() {
  return create<NewStudyState>()((set, get) => {
    let following = false;
    /**
     * The harness list answers at once, with versions still being found marked `detecting`; while
     * the form is open it is asked again until they are known. Nothing waits on it: Start works meanwhile.
     */
    const followDetection = async (client: RpcClient) => {
      if (following) return;
      following = true;
      try {
        while (get().isOpen && get().harnesses.some((harness) => harness.detection === 'detecting')) {
          await new Promise((resolve) => setTimeout(resolve, DETECTION_POLL_MS));
          if (!get().isOpen) return;
          const { harnesses } = await client.call('harnesses.list', {});
          set({ harnesses });
        }
      } catch {
        // The versions stay as last listed; opening the form again asks again.
      } finally {
        following = false;
      }
    };

    /** Sends a start call; a refusal goes next to the field it names. */
    const start = async (call: (client: RpcClient) => Promise<{ studyId: string }>): Promise<string | undefined> => {
      const { client, starting } = get();
      if (!client || starting) return undefined;
      set({ starting: true, errors: {} });
      try {
        const { studyId } = await call(client);
        set({ starting: false, isOpen: false });
        return studyId;
      } catch (error) {
        const message = describeError(error);
        const field = fieldOfServerError(error instanceof RpcCallError ? error.field : undefined);
        set({
          starting: false,
          errors: {
            [field]: message,
            ...(field === 'form' ? {} : { form: `The server refused the study: nothing was started. Fix the field marked below and try again.` }),
          },
        });
        return undefined;
      }
    };

    return {
      isOpen: false,
      form: emptyStudyForm(),
      errors: {},
      starting: false,
      tasks: [],
      harnesses: [],
      choicesPhase: 'idle',
      mcpRequests: [],

      async open(client) {
        set({ client, isOpen: true, choicesPhase: get().choicesPhase === 'ready' ? 'ready' : 'loading' });
        try {
          const [{ tasks }, { harnesses }, { settings }] = await Promise.all([client.call('tasks.list', {}), client.call('harnesses.list', {}), client.call('runs.slurmSettings', {})]);
          const real = tasks.filter((task) => !isSyntheticTask(task));
          set((state) => {
            const first = firstAvailableHarness(harnesses);
            // A first open starts with one configuration: the first harness that can run here, with its default model.
            const configurations = state.form.configurations.length === 0 && state.choicesPhase !== 'ready' && first ? [configurationRow(first)] : state.form.configurations;
            return { tasks: real, harnesses, choicesPhase: 'ready', form: withRememberedSlurm({ ...state.form, configurations }, settings) };
          });
          void followDetection(client);
        } catch (error) {
          set({ choicesPhase: 'failed', errors: { form: couldNot('list the tasks and harnesses', error, 'Close the form and open it again to retry.') } });
        }
      },

      close() {
        set({ isOpen: false });
      },

      edit(change) {
        const before = get().form;
        const form = structuredClone(before);
        change(form);
        // A problem disappears once its field is edited; the rest stay until the next submit.
        const errors = { ...get().errors };
        for (const key of Object.keys(errors) as (keyof StudyFormErrors)[]) {
          if (changedField(key, before, form)) delete errors[key];
        }
        delete errors.form;
        set({ form, errors });
      },

      addConfiguration() {
        const first = firstAvailableHarness(get().harnesses);
        if (first) get().edit((form) => void form.configurations.push(configurationRow(first)));
      },

      removeConfiguration(index) {
        get().edit((form) => void form.configurations.splice(index, 1));
        // Problems are keyed by row number: after a removal they would point at the wrong rows.
        set((state) => ({ errors: Object.fromEntries(Object.entries(state.errors).filter(([key]) => !key.startsWith('config:'))) }));
      },

      async loadSkillVersions() {
        const { client, form, skillChoices } = get();
        const dir = form.skillDir.trim();
        if (!client || dir === '' || (skillChoices?.dir === dir && skillChoices.phase !== 'failed')) return;
        // A relative folder would be read against wherever the server was started: it is refused here, in the form's words.
        const relative = skillDirProblem(dir);
        if (relative) return void set((state) => ({ skillChoices: undefined, errors: { ...state.errors, skillDir: relative } }));
        set({ skillChoices: { dir, phase: 'loading' } });
        try {
          const { name, versions } = await client.call('runs.skillVersions', { dir });
          if (get().form.skillDir.trim() !== dir) return;
          set({ skillChoices: { dir, phase: 'ready', name, versions } });
          // The default is the folder's own SKILL.md, not "no skill".
          if (get().form.skillVersions.length === 0) get().edit((f) => void (f.skillVersions = ['base']));
        } catch (error) {
          if (get().form.skillDir.trim() !== dir) return;
          set({ skillChoices: { dir, phase: 'failed', problem: describeError(error) } });
        }
      },

      async loadMcpRequests() {
        const { client, form } = get();
        const taskFolders = form.carried.taskFolders ?? {};
        const tasks = form.taskIds.filter((id) => taskFolders[id] !== undefined);
        if (!client || tasks.length === 0) return void set({ mcpRequests: [], mcpRequestsProblem: undefined });
        try {
          const { requests } = await client.call('runs.mcpVariables', { tasks, taskFolders });
          set({ mcpRequests: requests, mcpRequestsProblem: undefined });
        } catch (error) {
          set({ mcpRequests: [], mcpRequestsProblem: couldNot('read which variables the tasks’ MCP servers ask for', error, 'Starting the study checks them again.') });
        }
      },

      async openStudyFile(text, fileName) {
        let spec;
        try {
          spec = parseStudyFile(text, fileName);
        } catch (error) {
          set({ fileMessage: { tone: 'problem', text: error instanceof StudyFileError ? error.message : `${fileName}: ${describeError(error)}` } });
          return;
        }
        // The form names tasks of this workspace; a task folder is imported by lhb runs start --spec, which knows where the file is.
        const known = new Set(get().tasks.map((task) => task.id));
        const folders = spec.tasks.map((task, index) => ({ task, index })).filter(({ task }) => !known.has(task) && /[/\\]|^\./.test(task));
        if (folders.length > 0) {
          set({
            fileMessage: {
              tone: 'problem',
              text: folders
                .map(({ task, index }) => `${fileName}:${studyFileLine(text, ['tasks', index]) ?? '?'}: tasks.${index}: “${task}” is a task folder; the form starts studies of tasks already in this workspace. Import the folder (Import, below), then name its task id here.`)
                .join('\n'),
            },
          });
          return;
        }
        set({ form: studyFormFromSpec(spec), errors: {}, skillChoices: undefined, fileMessage: { tone: 'done', text: `Opened ${fileName}.` } });
        await Promise.all([get().loadSkillVersions(), get().loadMcpRequests()]);
      },

      exportStudyFile() {
        const checked = validateStudyForm(get().form, get().harnesses);
        if (!checked.ok) {
          set({ errors: { ...checked.errors, form: 'Not a study yet: fix the fields marked below, then export it.' } });
          return undefined;
        }
        return stringifyYaml(checked.spec, { lineWidth: 0 });
      },

      submit() {
        const checked = validateStudyForm(get().form, get().harnesses);
        if (!checked.ok) {
          set({ errors: checked.errors });
          return Promise.resolve(undefined);
        }
        return start((client) => client.call('runs.start', checked.spec));
      },

      startDemo() {
        return start((client) => client.call('runs.startDemo', {}));
      },
    };
  });
}

/** Whether an edit touched the field a problem belongs to. */
function changedField(key: keyof StudyFormErrors, before: StudyForm, after: StudyForm): boolean {
  const row = /^config:(\d+):(\w+)$/.exec(key);
  if (row) {
    const [was, now] = [before.configurations[Number(row[1])], after.configurations[Number(row[1])]];
    return JSON.stringify(was) !== JSON.stringify(now);
  }
  switch (key) {
    case 'tasks':
      return before.taskIds.join('\n') !== after.taskIds.join('\n');
    case 'configurations':
      return JSON.stringify(before.configurations) !== JSON.stringify(after.configurations);
    case 'skillVersions':
      return before.skillVersions.join('\n') !== after.skillVersions.join('\n') || before.skillDir !== after.skillDir;
    case 'form':
      return true;
    default:
      return before[key as keyof StudyForm] !== after[key as keyof StudyForm];
  }
}

export const useNewStudyStore = createNewStudyStore();
