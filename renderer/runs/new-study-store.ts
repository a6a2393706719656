import { create } from 'zustand';
import type { TaskSummary } from '../../schemas/arena.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { HarnessStatus } from '../../schemas/studies.ts';
import { couldNot, describeError } from '../api/describe-error.ts';
import { emptyStudyForm, fieldOfServerError, validateStudyForm, withHarnessChoices, withRememberedSlurm, type StudyForm, type StudyFormErrors } from './study-form.ts';
import { isSyntheticTask } from './task-filter.ts';

type LoadPhase = 'idle' | 'loading' | 'ready' | 'failed';

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
  /** Opens the form (keeping what was typed last time) and loads the tasks and harnesses to choose from. */
  open(client: RpcClient): Promise<void>;
  close(): void;
  edit(change: (form: StudyForm) => void): void;
  /** Checks the form and starts the study; resolves with its id once the server accepted it. */
  submit(): Promise<string | undefined>;
}

export function createNewStudyStore() {
  return create<NewStudyState>()((set, get) => ({
    isOpen: false,
    form: emptyStudyForm(),
    errors: {},
    starting: false,
    tasks: [],
    harnesses: [],
    choicesPhase: 'idle',

    async open(client) {
      set({ client, isOpen: true, choicesPhase: get().choicesPhase === 'ready' ? 'ready' : 'loading' });
      try {
        const [{ tasks }, { harnesses }, { settings }] = await Promise.all([client.call('tasks.list', {}), client.call('harnesses.list', {}), client.call('runs.slurmSettings', {})]);
        const real = tasks.filter((task) => !isSyntheticTask(task));
        const ids = new Set(real.map((task) => task.id));
        set((state) => ({
          tasks: real,
          harnesses,
          choicesPhase: 'ready',
          // A task deleted meanwhile leaves the selection; each listed harness gets a choice with its default model.
          form: withRememberedSlurm({ ...state.form, taskIds: state.form.taskIds.filter((id) => ids.has(id)), harnesses: withHarnessChoices(state.form.harnesses, harnesses) }, settings),
        }));
      } catch (error) {
        set({ choicesPhase: 'failed', errors: { form: couldNot('list the tasks and harnesses', error, 'Close the form and open it again to retry.') } });
      }
    },

    close() {
      set({ isOpen: false });
    },

    edit(change) {
      const form = structuredClone(get().form);
      change(form);
      // A problem disappears once its field is edited; the rest stay until the next submit.
      const before = get().form;
      const errors = { ...get().errors };
      for (const key of Object.keys(errors) as (keyof StudyFormErrors)[]) {
        if (changedField(key, before, form)) delete errors[key];
      }
      delete errors.form;
      set({ form, errors });
    },

    async submit() {
      const { client, form, harnesses, starting } = get();
      if (!client || starting) return undefined;
      const checked = validateStudyForm(form, harnesses);
      if (!checked.ok) {
        set({ errors: checked.errors });
        return undefined;
      }
      set({ starting: true, errors: {} });
      try {
        const { studyId } = await client.call('runs.start', checked.spec);
        set({ starting: false, isOpen: false });
        return studyId;
      } catch (error) {
        const message = describeError(error);
        const field = fieldOfServerError(message);
        set({
          starting: false,
          errors: {
            [field]: message,
            ...(field === 'form' ? {} : { form: `The server refused the study: nothing was started. Fix the field marked below and press Start study again.` }),
          },
        });
        return undefined;
      }
    },
  }));
}

/** Whether an edit touched the field a problem belongs to. */
function changedField(key: keyof StudyFormErrors, before: StudyForm, after: StudyForm): boolean {
  if (key.startsWith('model:')) {
    const id = key.slice('model:'.length) as keyof StudyForm['harnesses'];
    return before.harnesses[id]?.model !== after.harnesses[id]?.model;
  }
  switch (key) {
    case 'tasks':
      return before.taskIds.join('\n') !== after.taskIds.join('\n');
    case 'harnesses':
      return JSON.stringify(before.harnesses) !== JSON.stringify(after.harnesses);
    case 'skillDir':
      return before.skillDir !== after.skillDir || before.skill !== after.skill;
    case 'form':
      return true;
    default:
      return before[key as keyof StudyForm] !== after[key as keyof StudyForm];
  }
}

export const useNewStudyStore = createNewStudyStore();
