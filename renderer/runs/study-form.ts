import { BASE_SKILL, skillArmsOf, type HarnessStatus, type StudySpec, type StudySpecInput } from '../../schemas/studies.ts';
import { ENV_NAME_PATTERN, foreignSkillVersions, HARNESS_VERSION_MAX, MODEL_NAME_MAX, STUDY_NAME_MAX, STUDY_NUMBER_BOUNDS, STUDY_NUMBER_DEFAULTS } from '../../schemas/study-rules.ts';
import type { HarnessId } from '../../schemas/trajectory.ts';

/** One row of the configurations table: a harness on its own provider, as typed. */
export interface ConfigurationRow {
  harness: HarnessId;
  model: string;
  /** The command line of the harness that takes one. */
  command: string;
  /** Blank: the harness's own provider. */
  endpoint: string;
  /** Blank: the harness's own variable. */
  apiKeyEnv: string;
  /** Blank: the newest installed. */
  harnessVersion: string;
  /** The skill versions this configuration runs (its arms); null: every version the study compares. */
  arms: string[] | null;
  /** US dollars per million tokens, for harnesses that report no cost; both or neither. */
  inputPrice: string;
  outputPrice: string;
}

/** What the "New study" form holds, as typed (numbers stay text until they are checked): the study file's spec, field by field. */
export interface StudyForm {
  name: string;
  taskIds: string[];
  configurations: ConfigurationRow[];
  /** Blank: no skill. */
  skillDir: string;
  /** The skill versions compared, each one arm (`none` without SKILL.md, `base` the folder's own). */
  skillVersions: string[];
  repeats: string;
  concurrency: string;
  timeoutSeconds: string;
  /** Where runs execute: this machine, or one Slurm batch job each. */
  executor: 'local' | 'slurm';
  slurmSharedDir: string;
  slurmPartition: string;
  slurmAccount: string;
  slurmSshHost: string;
  /** More sbatch options, separated by spaces (`--qos=long --gres=gpu:1`). */
  slurmOptions: string;
  /** "Run without sandbox": harnesses run as ordinary processes of the user (the spec's `sandbox: false`). */
  noSandbox: boolean;
  /** The variables the tasks' MCP servers may receive (the spec's `allowMcpEnv`), as typed: names separated by spaces or commas. */
  allowMcpEnv: string;
  /** What an opened study file says that the form has no field for (retries, output cap, a replay script, …): kept as it was. */
  carried: Partial<StudySpec>;
}

type RowField = 'harness' | 'model' | 'command' | 'endpoint' | 'apiKeyEnv' | 'harnessVersion' | 'arms' | 'price';

/** Where a problem is shown: next to its field, a configuration's cell (`config:0:model`), or above the buttons (`form`). */
export type StudyFormField =
  | 'name'
  | 'tasks'
  | 'configurations'
  | `config:${number}:${RowField}`
  | 'skillDir'
  | 'skillVersions'
  | 'repeats'
  | 'concurrency'
  | 'timeoutSeconds'
  | 'slurmSharedDir'
  | 'slurmPartition'
  | 'slurmAccount'
  | 'slurmSshHost'
  | 'slurmOptions'
  | 'allowMcpEnv'
  | 'form';

export type StudyFormErrors = Partial<Record<StudyFormField, string>>;

/** A new configuration row: the harness with its default model, everything else its own. */
export function configurationRow(harness: HarnessStatus): ConfigurationRow {
  return { harness: harness.id, model: harness.defaultModel, command: '', endpoint: '', apiKeyEnv: '', harnessVersion: '', arms: null, inputPrice: '', outputPrice: '' };
}

/** A form with nothing chosen yet, with the engine's defaults. */
export function emptyStudyForm(): StudyForm {
  return {
    name: '',
    taskIds: [],
    configurations: [],
    skillDir: '',
    skillVersions: [],
    repeats: String(STUDY_NUMBER_DEFAULTS.repeats),
    concurrency: String(STUDY_NUMBER_DEFAULTS.concurrency),
    timeoutSeconds: String(STUDY_NUMBER_DEFAULTS.timeoutSeconds),
    executor: 'local',
    slurmSharedDir: '',
    slurmPartition: '',
    slurmAccount: '',
    slurmSshHost: '',
    slurmOptions: '',
    noSandbox: false,
    allowMcpEnv: '',
    carried: {},
  };
}

/** The first harness a new row offers: one that can run here, else the first listed. */
export function firstAvailableHarness(harnesses: readonly HarnessStatus[]): HarnessStatus | undefined {
  return harnesses.find((harness) => harnessAvailable(harness) && !harness.takesCommand) ?? harnesses.find(harnessAvailable) ?? harnesses[0];
}

/** The cluster settings the workspace remembers from its last Slurm study, filled into empty fields. */
export function withRememberedSlurm(form: StudyForm, remembered: { sharedDir?: string; partition?: string; account?: string; sshHost?: string; options?: string[] } | null): StudyForm {
  if (!remembered) return form;
  return {
    ...form,
    slurmSharedDir: form.slurmSharedDir || (remembered.sharedDir ?? ''),
    slurmPartition: form.slurmPartition || (remembered.partition ?? ''),
    slurmAccount: form.slurmAccount || (remembered.account ?? ''),
    slurmSshHost: form.slurmSshHost || (remembered.sshHost ?? ''),
    slurmOptions: form.slurmOptions || (remembered.options ?? []).join(' '),
  };
}

/**
 * A harness can run when its CLI is installed (one that runs a command needs nothing installed).
 * Its version need not be known yet: a study's runs find it before they start.
 */
export function harnessAvailable(status: HarnessStatus | undefined): boolean {
  return status !== undefined && status.detection !== 'not-installed';
}

/** What the version field shows when left blank: the installed version, or where finding it stands. */
export function installedVersionWords(status: HarnessStatus | undefined): string {
  switch (status?.detection) {
    case 'found':
      return status.version ?? 'newest installed';
    case 'detecting':
      return 'checking its version…';
    case 'version-unknown':
      // Installed either way: a CLI too slow to answer on a busy machine is not a missing one.
      return status.versionTimedOut ? 'could not check: timed out; asked again at start' : 'could not check its version; asked again at start';
    default:
      return 'newest installed';
  }
}

/** The versions the skill checkboxes list: the folder's, then any the form names that the folder lacks (the server will say so). */
export function listedSkillVersions(folderVersions: readonly string[], chosen: readonly string[]): string[] {
  return [...folderVersions, ...chosen.filter((version) => !folderVersions.includes(version))];
}

/** Ticks or unticks one version, keeping the listed order. */
export function toggledVersions(listed: readonly string[], chosen: readonly string[], version: string, on: boolean): string[] {
  return listed.filter((v) => (v === version ? on : chosen.includes(v)));
}

/** The arms a configuration runs: its own, else every version the study compares (one arm without a skill). */
export function armsOf(row: ConfigurationRow, form: Pick<StudyForm, 'skillDir' | 'skillVersions'>): string[] {
  if (form.skillDir.trim() === '') return [];
  return row.arms ?? form.skillVersions;
}

/** How many runs the study makes: tasks × each configuration's arms × repeats; undefined while the repeats are not a number. */
export function runCount(form: StudyForm): number | undefined {
  const repeats = /^\d+$/.test(form.repeats.trim()) ? Number(form.repeats.trim()) : undefined;
  if (repeats === undefined) return undefined;
  const arms = form.configurations.reduce((sum, row) => sum + Math.max(1, armsOf(row, form).length), 0);
  return form.taskIds.length * arms * repeats;
}

function wholeNumber(text: string, label: string, { min, max }: { min: number; max: number }): { value?: number; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `Enter ${label}, a whole number from ${min} to ${max}.` };
  if (!/^\d+$/.test(trimmed)) return { error: `${capitalise(label)} must be a whole number from ${min} to ${max}; “${trimmed}” is not.` };
  const value = Number(trimmed);
  if (value < min || value > max) return { error: `${capitalise(label)} must be from ${min} to ${max}; ${value} is out of range.` };
  return { value };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function urlProblem(text: string): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  return !url || (url.protocol !== 'http:' && url.protocol !== 'https:') ? 'Enter a full http:// or https:// address, e.g. https://api.anthropic.com, or leave it blank for the harness’s own provider.' : undefined;
}

function price(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * Why the Skill folder cannot be read as typed, or undefined: the server reads it, and a relative
 * path has nothing here to be relative to (a study file opened in the form comes without its folder,
 * so its relative `skill.dir` cannot be resolved against it as `lhb runs start --spec` does).
 */
export function skillDirProblem(dir: string): string | undefined {
  if (dir === '' || dir.startsWith('/')) return undefined;
  return `Enter the skill folder’s full path on the server (starting with /, like /home/me/skills/my-skill); “${dir}” is relative, and the form cannot tell what to.`;
}

/**
 * Checks the form and builds the study spec `runs.start` takes (the same a study file holds), or
 * says, field by field, what is wrong and how to fix it. The server checks again (tasks, skill
 * files, harness binaries, key variables); this catches what can be known here.
 */
export function validateStudyForm(form: StudyForm, harnesses: readonly HarnessStatus[]): { ok: true; spec: StudySpecInput } | { ok: false; errors: StudyFormErrors } {
  const errors: StudyFormErrors = {};
  if (form.taskIds.length === 0) errors.tasks = 'Choose at least one task.';
  const skillDir = form.skillDir.trim();
  const skillDirRefusal = skillDirProblem(skillDir);
  if (skillDirRefusal) errors.skillDir = skillDirRefusal;
  if (skillDir !== '' && form.skillVersions.length === 0) errors.skillVersions = 'Tick at least one version (none runs without SKILL.md), or clear the skill folder.';

  if (form.configurations.length === 0) errors.configurations = 'Add at least one configuration: a harness and the model it runs.';
  const statusOf = (id: HarnessId) => harnesses.find((h) => h.id === id);
  const configurations = form.configurations.map((row, index) => {
    const problem = (field: RowField, message: string) => void (errors[`config:${index}:${field}`] = message);
    const status = statusOf(row.harness);
    if (!harnessAvailable(status)) problem('harness', `${status?.displayName ?? row.harness} is not installed on the machine running the server. Install it there in a terminal, \`lhb harnesses install ${row.harness}\`, or choose another harness.`);
    const model = row.model.trim();
    if (model === '') problem('model', 'Enter the model this harness runs with.');
    else if (model.length > MODEL_NAME_MAX) problem('model', `A model name is at most ${MODEL_NAME_MAX} characters.`);
    const takesCommand = status?.takesCommand === true;
    if (takesCommand && row.command.trim() === '') problem('command', 'Enter the command line to run in each run folder (through sh -c).');
    const endpoint = row.endpoint.trim();
    const endpointProblem = endpoint === '' ? undefined : urlProblem(endpoint);
    if (endpointProblem) problem('endpoint', endpointProblem);
    const apiKeyEnv = row.apiKeyEnv.trim();
    if (apiKeyEnv !== '' && !ENV_NAME_PATTERN.test(apiKeyEnv)) problem('apiKeyEnv', 'Enter an environment variable’s name like ANTHROPIC_API_KEY (letters, digits and _, not starting with a digit); its value is read on the server when a run starts.');
    const harnessVersion = row.harnessVersion.trim();
    if (harnessVersion.length > HARNESS_VERSION_MAX) problem('harnessVersion', `A version is at most ${HARNESS_VERSION_MAX} characters.`);
    if (row.arms !== null && skillDir !== '') {
      if (row.arms.length === 0) problem('arms', 'Tick at least one arm, or remove this configuration.');
      const unknown = foreignSkillVersions(row.arms, form.skillVersions)[0];
      if (unknown) problem('arms', `Arm “${unknown}” is not one of the study’s skill versions; tick it above first.`);
    }
    const inputPrice = price(row.inputPrice);
    const outputPrice = price(row.outputPrice);
    const priced = row.inputPrice.trim() !== '' || row.outputPrice.trim() !== '';
    if (priced && (inputPrice === undefined || outputPrice === undefined)) problem('price', 'Enter both prices in US dollars per million tokens (like 3 and 15), or neither.');
    return {
      harness: row.harness,
      model,
      ...(takesCommand ? { command: row.command.trim() } : {}),
      ...(harnessVersion ? { harnessVersion } : {}),
      ...(endpoint ? { endpoint } : {}),
      ...(apiKeyEnv ? { apiKeyEnv } : {}),
      ...(row.arms !== null && skillDir !== '' ? { skillVersions: [...row.arms] } : {}),
      ...(priced && inputPrice !== undefined && outputPrice !== undefined ? { price: { inputPerMillion: inputPrice, outputPerMillion: outputPrice } } : {}),
    };
  });

  const name = form.name.trim();
  if (name.length > STUDY_NAME_MAX) errors.name = `A study name is at most ${STUDY_NAME_MAX} characters.`;
  const repeats = wholeNumber(form.repeats, 'the repeats', STUDY_NUMBER_BOUNDS.repeats);
  const concurrency = wholeNumber(form.concurrency, 'the concurrency', STUDY_NUMBER_BOUNDS.concurrency);
  const timeout = wholeNumber(form.timeoutSeconds, 'the timeout', STUDY_NUMBER_BOUNDS.timeoutSeconds);
  if (repeats.error) errors.repeats = repeats.error;
  if (concurrency.error) errors.concurrency = concurrency.error;
  if (timeout.error) errors.timeoutSeconds = timeout.error;

  const sharedDir = form.slurmSharedDir.trim();
  const slurmOptions = form.slurmOptions.trim() === '' ? [] : form.slurmOptions.trim().split(/\s+/);
  if (form.executor === 'slurm') {
    if (sharedDir === '') errors.slurmSharedDir = 'Enter a folder every compute node sees at the same path (the run folders go there).';
    else if (!sharedDir.startsWith('/')) errors.slurmSharedDir = `Enter an absolute path (starting with /); “${sharedDir}” is relative, and compute nodes would read it from another folder.`;
    const notOption = slurmOptions.find((option) => !option.startsWith('-'));
    if (notOption) errors.slurmOptions = `Each sbatch option starts with - (like --qos=long); “${notOption}” does not.`;
  }

  const allowMcpEnv = allowedMcpVariables(form.allowMcpEnv);
  const notAName = allowMcpEnv.find((name) => !ENV_NAME_PATTERN.test(name));
  if (notAName) errors.allowMcpEnv = `“${notAName}” is not an environment variable’s name: give names like FIGMA_API_KEY (letters, digits and _, not starting with a digit), separated by spaces or commas.`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const { slurm: carriedSlurm, ...carried } = form.carried;
  const onlyBase = form.skillVersions.length === 1 && form.skillVersions[0] === BASE_SKILL;
  return {
    ok: true,
    spec: {
      ...carried,
      ...(name ? { name } : {}),
      tasks: [...form.taskIds],
      configurations,
      // The folder's own SKILL.md alone is what a skill folder means by default.
      ...(skillDir !== '' ? { skill: { dir: skillDir, ...(onlyBase ? {} : { versions: [...form.skillVersions] }) } } : {}),
      repeats: repeats.value!,
      concurrency: concurrency.value!,
      timeoutSeconds: timeout.value!,
      ...(form.noSandbox ? { sandbox: false } : {}),
      ...(allowMcpEnv.length > 0 ? { allowMcpEnv } : {}),
      ...(form.executor === 'slurm'
        ? {
            executor: 'slurm' as const,
            slurm: {
              ...carriedSlurm,
              sharedDir,
              ...(form.slurmPartition.trim() ? { partition: form.slurmPartition.trim() } : {}),
              ...(form.slurmAccount.trim() ? { account: form.slurmAccount.trim() } : {}),
              ...(form.slurmSshHost.trim() ? { sshHost: form.slurmSshHost.trim() } : {}),
              ...(slurmOptions.length > 0 ? { options: slurmOptions } : {}),
            },
          }
        : {}),
    },
  };
}

/** The form for a study file's spec: every field it has a place for, the rest carried as it is. */
export function studyFormFromSpec(spec: StudySpec): StudyForm {
  const { name, tasks, configurations, skill, repeats, concurrency, timeoutSeconds, executor, slurm, sandbox, allowMcpEnv, ...carried } = spec;
  const { sharedDir = '', partition = '', account = '', sshHost = '', options = [], ...carriedSlurm } = slurm ?? {};
  return {
    ...emptyStudyForm(),
    name: name ?? '',
    taskIds: [...tasks],
    configurations: configurations.map((configuration) => ({
      harness: configuration.harness,
      model: configuration.model,
      command: configuration.command ?? '',
      endpoint: configuration.endpoint ?? '',
      apiKeyEnv: configuration.apiKeyEnv ?? '',
      harnessVersion: configuration.harnessVersion ?? '',
      arms: configuration.skillVersions ? [...configuration.skillVersions] : null,
      inputPrice: configuration.price ? String(configuration.price.inputPerMillion) : '',
      outputPrice: configuration.price ? String(configuration.price.outputPerMillion) : '',
    })),
    skillDir: skill?.dir ?? '',
    skillVersions: skill ? skillArmsOf(skill) : [],
    repeats: String(repeats),
    concurrency: String(concurrency),
    timeoutSeconds: String(timeoutSeconds),
    executor: executor ?? 'local',
    slurmSharedDir: sharedDir,
    slurmPartition: partition,
    slurmAccount: account,
    slurmSshHost: sshHost,
    slurmOptions: options.join(' '),
    noSandbox: sandbox === false,
    allowMcpEnv: (allowMcpEnv ?? []).join(' '),
    carried: { ...carried, ...(Object.keys(carriedSlurm).length > 0 ? { slurm: carriedSlurm as StudySpec['slurm'] } : {}) },
  };
}

/** The names typed in "Variables the tasks' MCP servers may receive", each once, in order. */
export function allowedMcpVariables(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((name) => name !== ''))];
}

/** The form's field for each of the study spec's own fields a refusal can name (the first part of its path). */
const FORM_FIELD_OF_SPEC_FIELD: Readonly<Record<string, StudyFormField>> = {
  name: 'name',
  tasks: 'tasks',
  configurations: 'configurations',
  skill: 'skillDir',
  repeats: 'repeats',
  concurrency: 'concurrency',
  timeoutSeconds: 'timeoutSeconds',
  slurm: 'slurmSharedDir',
  allowMcpEnv: 'allowMcpEnv',
};

const FORM_FIELD_OF_SLURM_FIELD: Readonly<Record<string, StudyFormField>> = {
  sharedDir: 'slurmSharedDir',
  partition: 'slurmPartition',
  account: 'slurmAccount',
  sshHost: 'slurmSshHost',
  options: 'slurmOptions',
};

/**
 * The form field a refusal of `runs.start` belongs to, from the spec field the server named
 * (`error.field`, e.g. `skill.versions`, `configurations.0.apiKeyEnv`, `slurm.sharedDir`): a
 * skill's versions (the study's or a configuration's arms) go beside the versions, the rest of
 * the skill beside its folder, a configuration's beside the configurations; no field, or one the
 * form has no place for, is the form's.
 */
export function fieldOfServerError(field: string | undefined): StudyFormField {
  if (field === undefined) return 'form';
  const [head = '', next = ''] = field.split('.');
  if (field === 'skill.versions' || field === 'skill.version' || (head === 'configurations' && field.endsWith('.skillVersions'))) return 'skillVersions';
  if (head === 'slurm') return FORM_FIELD_OF_SLURM_FIELD[next] ?? 'slurmSharedDir';
  return FORM_FIELD_OF_SPEC_FIELD[head] ?? 'form';
}
