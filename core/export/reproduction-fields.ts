import type { Field } from './field-types.ts';

/*
 * The columns of the subsets that make a run reproducible and usable for training (format 9):
 * what each task asked (`tasks`), how each study was set up (`studies`) and what each agent did
 * (`trajectories`). subset-fields.ts lists them with the other subsets; they live here to keep
 * that file one screen per subset family.
 */

/** A file copied into the export folder beside the data files: where it is in the folder, its size and digest. */
const COPIED_FILE = (what: string) =>
  ({
    struct: [
      { name: 'path', type: 'string', description: `${what}'s path in the dataset folder, relative, with forward slashes (files/<subset>/<sha256>.<ext>)` },
      { name: 'size_bytes', type: 'int64', description: 'its size in bytes' },
      { name: 'sha256', type: 'string', description: 'SHA-256 of the file as it is in the folder' },
    ],
  }) as const satisfies Field['type'];

const TOKENS = {
  struct: [
    { name: 'input', type: 'int64', description: 'input tokens' },
    { name: 'output', type: 'int64', description: 'output tokens' },
    { name: 'cache_read', type: 'int64', description: 'input tokens read from the prompt cache' },
    { name: 'cache_write', type: 'int64', description: 'input tokens written to the prompt cache' },
  ],
} as const satisfies Field['type'];

export const TASK_FIELDS = [
  { name: 'task_id', type: 'string', description: "the task (task.json's id): runs, votes and judgments name it" },
  { name: 'kind', type: 'string', description: 'figma (a Figma frame to build) or programmatic (content to build from a chapter)' },
  { name: 'title', type: 'string', description: 'its title' },
  { name: 'instruction', type: 'string', description: "what the agent was asked (the task's first turn); for a task tied to a chapter, the chapter's instruction" },
  { name: 'chapter_id', type: 'string', nullable: true, description: 'the chapter it was made from, when it names one (chapters.chapter_id)' },
  {
    name: 'turns',
    type: { list: { struct: [
      { name: 'turn', type: 'int32', description: '2, 3, …: the revision requests after the instruction (turn 1)' },
      { name: 'prompt', type: 'string', description: 'the revision request sent in the same session' },
      { name: 'after', type: 'string', description: 'succeeded (sent only when the turn before succeeded) or any' },
    ] } },
    description: "a multi-turn task's later turns, from its task.json; empty for a single-turn task or when its folder is no longer on this machine",
  },
  { name: 'task_json', type: 'string', nullable: true, description: "the task folder's task.json as the study read it (MCP servers included), local paths redacted; null for a task no exported study gave as a folder, or whose folder is gone" },
  { name: 'figma_file_key', type: 'string', nullable: true, description: "a Figma task's file key (ground_truth/manifest.json's figma_file_key)" },
  {
    name: 'frames',
    type: { list: { struct: [
      { name: 'position', type: 'int32', description: '0-based place in the manifest' },
      { name: 'node_id', type: 'string', description: 'the Figma node' },
      { name: 'name', type: 'string', description: "the frame's name" },
      { name: 'target_route', type: 'string', description: "where the agent's build shows it (`/`, `/pricing`)" },
      { name: 'viewport_width', type: 'int32', nullable: true, description: 'the viewport it is captured at, when the manifest gives one' },
      { name: 'viewport_height', type: 'int32', nullable: true, description: 'the viewport height' },
      { name: 'image', type: COPIED_FILE('the ground-truth image'), nullable: true, description: 'the ground-truth image, copied into the folder; null when the workspace no longer holds it' },
    ] } },
    description: "a Figma task's ground-truth manifest, frame by frame, each with its image as a file; empty for a programmatic task",
  },
  { name: 'created_at', type: 'timestamp', description: 'when the task was first imported' },
  { name: 'updated_at', type: 'timestamp', description: 'when it was last imported' },
] as const satisfies readonly Field[];

export const STUDY_FIELDS = [
  { name: 'study_id', type: 'string', description: 'the study (runs.study_id)' },
  { name: 'name', type: 'string', description: "the study's name" },
  { name: 'state', type: 'string', description: 'finished, running, cancelled or interrupted when exported' },
  { name: 'executor', type: 'string', description: 'local (this machine) or slurm (one batch job per run)' },
  { name: 'config_digest', type: 'string', description: "SHA-256 over the resolved spec and the skill versions' contents: a resume is refused when it changes" },
  { name: 'tasks', type: { list: 'string' }, description: 'the task ids, in the order the study ran them (tasks.task_id)' },
  {
    name: 'configurations',
    type: { list: { struct: [
      { name: 'config_index', type: 'int32', description: '0-based place in the spec' },
      { name: 'harness', type: 'string', description: "the harness's id" },
      { name: 'model', type: 'string', description: 'the model' },
      { name: 'harness_version', type: 'string', nullable: true, description: 'the harness CLI version the spec pinned; null: the newest installed' },
      { name: 'command', type: 'string', nullable: true, description: "the command line of a harness that takes one (the command harness), local paths redacted" },
      { name: 'endpoint', type: 'string', nullable: true, description: "the model API base URL it was given; null: the study's, else the harness's own provider" },
      { name: 'api_key_env', type: 'string', nullable: true, description: 'the name of the variable holding its API key (never its value)' },
      { name: 'skill_versions', type: { list: 'string' }, description: "the skill arms it ran; empty: all of the study's" },
      { name: 'network', type: 'string', nullable: true, description: "host, none or endpoint-only; null: the study's" },
      { name: 'price_input_per_million', type: 'float64', nullable: true, description: 'US dollars per million input tokens, for harnesses that report no cost' },
      { name: 'price_output_per_million', type: 'float64', nullable: true, description: 'US dollars per million output tokens' },
      { name: 'config_ids', type: { list: 'string' }, description: "the configurations its runs were (runs.config_id), one per skill arm" },
    ] } },
    description: 'the configurations the study compared, as resolved when it was created',
  },
  {
    name: 'skill',
    type: { struct: [
      { name: 'name', type: 'string', nullable: true, description: "the skill's name; null when its folder is no longer on this machine" },
      {
        name: 'arms',
        type: { list: { struct: [
          { name: 'version', type: 'string', description: 'none (no SKILL.md), base or a named version' },
          { name: 'digest', type: 'string', nullable: true, description: "the version's digest (skills.digest); null for none, or when the folder is gone" },
        ] } },
        description: 'the skill versions compared, each one arm of every configuration',
      },
    ] },
    nullable: true,
    description: 'the skill the agents were given (the folder itself is not exported; skills holds its texts); null for a study without one',
  },
  { name: 'repeats', type: 'int32', description: 'runs per task, configuration and arm' },
  { name: 'concurrency', type: 'int32', description: 'runs at once' },
  { name: 'timeout_seconds', type: 'int32', description: "a run's time limit" },
  { name: 'max_output_bytes', type: 'int64', description: 'transcript and stderr kept per run before it is stopped' },
  { name: 'max_retries', type: 'int32', description: 'retries of a run that failed for a retryable reason' },
  { name: 'retry_backoff_ms', type: 'int32', description: 'the first retry waits this long, each later one twice as long' },
  { name: 'verifier', type: 'string', description: 'on, off, or frames (the default: on for tasks with frames, off for the others): the build-serve-capture hook after each change' },
  { name: 'sandbox', type: 'bool', description: 'runs ran inside bubblewrap (false: --no-sandbox)' },
  { name: 'network', type: 'string', description: "the runs' network unless a configuration names its own: host, none or endpoint-only" },
  { name: 'memory_mb', type: 'int32', nullable: true, description: 'memory per run in the sandbox; null: the default' },
  { name: 'processes', type: 'int32', nullable: true, description: 'processes per run; null: the default' },
  { name: 'disk_mb', type: 'int32', nullable: true, description: "disk per run; null: the default" },
  { name: 'scripted_model', type: 'bool', description: 'a scripted model server played a script instead of calling a model API (the demo, tests)' },
  { name: 'allow_mcp_env', type: { list: 'string' }, description: "the variables (names) the tasks' MCP servers could receive" },
  { name: 'spec_json', type: 'string', description: 'the resolved spec as stored (canonical JSON, every default written out), local paths redacted: what `lhb runs start --file` takes once the folders are filled in' },
  { name: 'created_at', type: 'timestamp', description: 'when it was created' },
] as const satisfies readonly Field[];

export const TRAJECTORY_FIELDS = [
  { name: 'run_id', type: 'string', description: 'the run (runs.run_id)' },
  { name: 'task_id', type: 'string', description: 'its task (tasks.task_id)' },
  { name: 'config_id', type: 'string', description: 'its configuration (runs.config_id)' },
  { name: 'source', type: 'string', description: 'study (run here by a study, parsed from its transcript), atif (imported with an ATIF trajectory) or none (imported without one: no steps)' },
  { name: 'harness', type: 'string', description: 'the harness whose transcript it was parsed from' },
  { name: 'harness_version', type: 'string', nullable: true, description: "the harness CLI's version, when the transcript says" },
  { name: 'model', type: 'string', nullable: true, description: 'the model the transcript names' },
  { name: 'prompt', type: 'string', nullable: true, description: "the prompt the run was sent (its first turn's), when recorded" },
  { name: 'outcome', type: 'string', nullable: true, description: "the harness's own verdict: completed, failed or unknown" },
  { name: 'tokens', type: TOKENS, nullable: true, description: "every model's tokens together, as the harness reported them" },
  { name: 'tokens_outside_steps', type: TOKENS, nullable: true, description: 'the part of tokens no step reports (the step figures plus this are the total); null when the steps account for all' },
  { name: 'cost_usd', type: 'float64', nullable: true, description: 'cost in US dollars, when the harness reported one' },
  { name: 'duration_ms', type: 'float64', nullable: true, description: "the harness's own duration, when it reported one" },
  {
    name: 'steps',
    type: { list: { struct: [
      { name: 'step', type: 'int32', description: 'the step number, from 1 (errors name it)' },
      { name: 'role', type: 'string', description: 'system, user or agent' },
      { name: 'turn', type: 'int32', nullable: true, description: "which of a multi-turn task's turns it belongs to; null in a single-turn run" },
      { name: 'timestamp', type: 'string', nullable: true, description: 'when, as the transcript gives it' },
      { name: 'model', type: 'string', nullable: true, description: "the model that made it, when the transcript says (a sub-agent's may differ)" },
      { name: 'text', type: 'string', description: 'what it said' },
      { name: 'tokens', type: TOKENS, nullable: true, description: "the step's own tokens, when the harness reports them per step" },
      {
        name: 'tool_calls',
        type: { list: { struct: [
          { name: 'call_id', type: 'string', description: "the harness's call id (or call-<step>-<n>)" },
          { name: 'name', type: 'string', description: 'the tool as the harness named it (Bash, run_shell_command, an MCP tool …)' },
          { name: 'arguments', type: 'string', description: 'its arguments as JSON text' },
          { name: 'result', type: 'string', nullable: true, description: 'its output as text (head and tail past 64 KiB); null when none was seen' },
          { name: 'ok', type: 'bool', description: 'false when it failed' },
          { name: 'failure', type: 'string', nullable: true, description: 'why it counts as failed, in words (exit code 1, error in output)' },
          { name: 'exit_code', type: 'int32', nullable: true, description: 'its exit code, when it has one' },
          { name: 'duration_ms', type: 'float64', nullable: true, description: 'how long it took, when known' },
        ] } },
        description: 'the tool calls it made, in order',
      },
    ] } },
    description: 'the normalised trajectory, step by step (a transcript of very many steps keeps its first ones: see omitted)',
  },
  {
    name: 'errors',
    type: { list: { struct: [
      { name: 'step', type: 'int32', description: 'the step whose tool call failed' },
      { name: 'call_id', type: 'string', description: 'the failed call (steps[].tool_calls[].call_id)' },
      { name: 'type', type: 'string', description: 'network, timeout, permission, syntax-type, not-found, config, test, build, runtime, verifier or tool' },
      { name: 'message', type: 'string', description: 'the error as the tool gave it' },
      { name: 'recovered', type: 'bool', description: 'a later step succeeded at the same thing' },
      { name: 'recovered_at_step', type: 'int32', nullable: true, description: 'that step, when recovered' },
    ] } },
    description: 'each failed action, its type and whether and where the agent recovered (what runs.errors_by_type counts)',
  },
  {
    name: 'turns',
    type: { list: { struct: [
      { name: 'turn', type: 'int32', description: '1 for the task as first asked, then 2, 3, …' },
      { name: 'prompt', type: 'string', description: 'what the turn asked' },
      { name: 'status', type: 'string', description: 'succeeded or failed' },
      { name: 'resumed', type: 'bool', description: 'sent in the session the turn before left' },
    ] } },
    description: "a multi-turn run's turns with their prompts (runs.turns has their figures); empty for a single-turn run",
  },
  {
    name: 'omitted',
    type: { struct: [
      { name: 'steps', type: 'int32', description: 'steps past the ones kept' },
      { name: 'tool_calls', type: 'int32', description: 'tool calls past the ones kept' },
      { name: 'failed_tool_calls', type: 'int32', description: 'of which failed' },
    ] },
    nullable: true,
    description: 'what a very long transcript left out of steps (counted, not kept); null when every step is kept',
  },
  { name: 'warnings', type: { list: 'string' }, description: 'what the parser skipped or repaired (unknown events, a partial last line, stderr lines)' },
  { name: 'transcript', type: COPIED_FILE('the transcript'), nullable: true, description: "the raw transcript the harness wrote (a study run's JSON lines, every turn's in order; an imported run's ATIF file), copied into the folder with local paths and known secrets redacted; null when the workspace holds none" },
] as const satisfies readonly Field[];
