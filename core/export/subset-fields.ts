import type { ExportSubset } from '../../schemas/export.ts';
import type { Field, FieldsRow } from './field-types.ts';
import { CONTROL_JUDGMENT_FIELDS, HARNESS_GUESS_FIELDS, PAIRWISE_VERDICT_FIELDS } from './judge-record-fields.ts';
import { STUDY_FIELDS, TASK_FIELDS, TRAJECTORY_FIELDS } from './reproduction-fields.ts';

const VERSIONS = {
  name: 'versions',
  type: { list: { struct: [
    { name: 'name', type: 'string', description: 'what is versioned: harness, skill, …' },
    { name: 'version', type: 'string', description: 'its version' },
  ] } },
  description: 'what the study chose and varies (skill, …), sorted by name: with harness and model, the configuration',
} as const satisfies Field;

const configuration = <Side extends 'a' | 'b'>(side: Side) =>
  ({
    name: `config_${side}`,
    type: { struct: [
      { name: 'run_id', type: 'string', description: 'the run' },
      { name: 'config_id', type: 'string', description: 'the canonical configuration id' },
      { name: 'harness', type: 'string', description: 'the agent harness' },
      { name: 'model', type: 'string', description: 'the model' },
      VERSIONS,
    ] },
    description: `run ${side.toUpperCase()}'s configuration (run ${side === 'a' ? 'A sorts before B' : 'B sorts after A'} by id; sides are in shown_order)`,
  }) as const satisfies Field;

// Declared `as const` so each subset's row type (SubsetRow, ImportedRow) is derived from this list.
const FIELDS = {
  sources: [
    { name: 'source_id', type: 'string', description: 'the source (stable across versions)' },
    { name: 'version_id', type: 'string', description: 'this version of it; citations name it' },
    { name: 'version', type: 'int32', description: '1 for the first import, then 2, 3, … on re-import of a changed file' },
    { name: 'data_room_id', type: 'string', nullable: true, formerly: { name: 'course_id', until: 4 }, description: 'the data room it belongs to' },
    { name: 'data_room_title', type: 'string', nullable: true, formerly: { name: 'course_title', until: 4 }, description: "the data room's title" },
    { name: 'title', type: 'string', description: 'the document title' },
    { name: 'type', type: 'string', description: 'pdf, web, markdown or text' },
    { name: 'original_name', type: 'string', description: 'the imported file name (no folder)' },
    { name: 'sha256', type: 'string', description: 'SHA-256 of the original file: merge key across workspaces' },
    { name: 'markdown_sha256', type: 'string', description: 'SHA-256 of the normalised Markdown (the lines joined by \\n)' },
    { name: 'line_count', type: 'int32', description: 'number of lines' },
    {
      name: 'lines',
      type: { list: { struct: [
        { name: 'line', type: 'int32', description: '1-based line number' },
        { name: 'text', type: 'string', description: 'the line' },
      ] } },
      description: 'the normalised line-numbered Markdown that citations point into',
    },
    {
      name: 'sections',
      type: { list: { struct: [
        { name: 'title', type: 'string', description: 'heading text' },
        { name: 'level', type: 'int8', description: 'heading level 1–6' },
        { name: 'start_line', type: 'int32', description: 'first line' },
        { name: 'end_line', type: 'int32', description: 'last line' },
      ] } },
      description: 'the section index (headings with their line ranges)',
    },
    {
      name: 'pages',
      type: { list: { struct: [
        { name: 'page', type: 'int32', description: 'PDF page number' },
        { name: 'start_line', type: 'int32', description: 'first line' },
        { name: 'end_line', type: 'int32', description: 'last line' },
      ] } },
      description: 'for PDFs, which lines came from which page',
    },
    { name: 'created_at', type: 'timestamp', description: 'when this version was imported' },
  ],
  chapters: [
    { name: 'chapter_id', type: 'string', description: 'the chapter' },
    { name: 'data_room_id', type: 'string', formerly: { name: 'course_id', until: 4 }, description: 'its data room' },
    { name: 'data_room_title', type: 'string', formerly: { name: 'course_title', until: 4 }, description: "the data room's title" },
    { name: 'data_room_notes', type: 'string', formerly: { name: 'course_notes', until: 4 }, description: "the data room's global notes" },
    { name: 'position', type: 'int32', description: '0-based place in the plan' },
    { name: 'title', type: 'string', description: 'chapter title' },
    { name: 'instruction', type: 'string', description: 'what the chapter asks for' },
    { name: 'design_notes', type: 'string', description: "the SME's design notes" },
    {
      name: 'citations',
      type: { list: { struct: [
        { name: 'source_id', type: 'string', description: 'the cited source' },
        { name: 'start_line', type: 'int32', description: 'first cited line (1-based, inclusive)' },
        { name: 'end_line', type: 'int32', description: 'last cited line (inclusive)' },
        { name: 'quote', type: 'string', description: 'the cited text' },
        { name: 'start_char', type: 'int32', nullable: true, since: 10, description: "where the quote starts in start_line: characters of the line's plain text (as the viewer shows it, Markdown syntax left out, table cells joined by a tab); null when whole lines were cited" },
        { name: 'end_char', type: 'int32', nullable: true, since: 10, description: "where the quote ends in end_line (exclusive), in the same plain-text characters; null when whole lines were cited" },
        { name: 'citation_id', type: 'string', description: 'the citation' },
        { name: 'version_id', type: 'string', description: 'the source version the lines are in' },
        { name: 'source_sha256', type: 'string', description: "SHA-256 of that version's original file" },
        { name: 'prefix', type: 'string', description: 'text just before the quote (re-anchoring context)' },
        { name: 'suffix', type: 'string', description: 'text just after the quote' },
        { name: 'status', type: 'string', description: 'ok, reanchored (moved to a newer version by its quote) or orphaned' },
        { name: 'created_at', type: 'timestamp', description: 'when it was cited' },
      ] } },
      description: 'the cited source spans, in plan order',
    },
    {
      name: 'data_room_plans',
      since: 6,
      type: { list: { struct: [
        { name: 'annotator', type: 'string', description: "who submitted the plan (a pseudonym when pseudonymised)" },
        { name: 'submitted_at', type: 'timestamp', description: 'when it was submitted' },
        { name: 'approved_by', type: 'string', nullable: true, description: 'the reviewer who approved it; null while not approved' },
        { name: 'approved_at', type: 'timestamp', nullable: true, description: 'when it was approved; null while not approved' },
        { name: 'plan', type: 'string', description: 'the submitted plan as lhb-chapter-plan/1 JSON: chapters, instructions, notes, citations' },
      ] } },
      description: "the data room's submitted chapter plans, by annotator (the same on each of its chapter rows, as data_room_notes is)",
    },
    { name: 'plan', type: 'string', since: 11, description: "whose plan the chapter is in: owner (the workspace owner's), annotator (one SME's own) or gold (the curated gold plan); data_room_notes are that plan's global notes" },
    { name: 'annotator', type: 'string', nullable: true, since: 11, description: "the SME whose own plan it is (a pseudonym when pseudonymised); null for the owner's and the gold plan" },
    {
      name: 'provenance',
      since: 11,
      type: { list: { struct: [
        { name: 'provenance_id', type: 'string', description: 'the curator decision' },
        { name: 'kind', type: 'string', description: 'what was curated: chapter, citation or note (a chapter\'s design notes or a plan\'s global notes)' },
        { name: 'action', type: 'string', description: 'accepted (as the SME wrote it), edited (changed by the curator) or dropped (left out)' },
        { name: 'from_annotator', type: 'string', nullable: true, description: "whose plan the item was in (a pseudonym when pseudonymised); null for the workspace owner's" },
        { name: 'from_item_id', type: 'string', description: "the chapter or citation it was taken from (a row or citation of this subset), or the plan whose global notes it was" },
        { name: 'from_label', type: 'string', description: 'what the item said when curated' },
        { name: 'gold_chapter_id', type: 'string', nullable: true, description: 'the gold chapter it became or went into; null for global notes and drops' },
        { name: 'gold_citation_id', type: 'string', nullable: true, description: 'the gold citation it became, for a citation' },
        { name: 'curator_note', type: 'string', description: "the curator's note to the SME" },
        { name: 'created_at', type: 'timestamp', description: 'when the curator decided' },
      ] } },
      description: "for a gold chapter, where it and its citations came from; every gold chapter of a room also carries the room's decisions no gold chapter holds (global notes, drops); empty for other plans",
    },
    { name: 'created_at', type: 'timestamp', description: 'when the chapter was created' },
    { name: 'updated_at', type: 'timestamp', description: 'when its text last changed' },
  ],
  preferences: [
    { name: 'vote_id', type: 'string', description: 'the vote' },
    { name: 'task_id', type: 'string', description: 'the task both runs did' },
    { name: 'task_title', type: 'string', description: "the task's title" },
    { name: 'task_kind', type: 'string', description: 'figma or programmatic' },
    configuration('a'),
    configuration('b'),
    { name: 'shown_order', type: 'string', description: 'a-left (run A was shown on the left) or b-left' },
    { name: 'left_run', type: 'string', description: 'the run shown on the left' },
    { name: 'right_run', type: 'string', description: 'the run shown on the right' },
    { name: 'choice', type: 'string', description: 'left, right, tie or both-bad, as seen by the annotator' },
    { name: 'winner_run', type: 'string', nullable: true, description: 'the preferred run; null for tie and both-bad' },
    { name: 'rating_left', type: 'int8', description: 'quality of the left output, 1–5' },
    { name: 'rating_right', type: 'int8', description: 'quality of the right output, 1–5' },
    { name: 'reason', type: 'string', description: "the annotator's reason (may be empty)" },
    { name: 'annotator_id', type: 'string', description: 'the annotator (a random id)' },
    { name: 'annotator', type: 'string', description: "the annotator's name, or a pseudonym (annotator-xxxxxxxxxxxx) when pseudonymised" },
    { name: 'time_on_item_ms', type: 'int32', description: 'milliseconds the pair was on screen before the vote' },
    { name: 'fast_vote_floor_ms', type: 'int32', nullable: true, since: 6, description: 'the fast-vote floor the vote was judged by (the workspace setting when it was cast, 3000 by default); null for generated demo votes' },
    { name: 'fast_vote', type: 'bool', since: 6, description: 'time_on_item_ms is below fast_vote_floor_ms: a hasty vote, kept and counted unless an analysis leaves fast votes out' },
    { name: 'created_at', type: 'timestamp', description: 'when the vote was cast' },
    { name: 'turn', type: 'int8', nullable: true, since: 6, description: 'the turn of two multi-turn runs the pair showed (both runs at that turn); null for runs shown as they ended (their last turn)' },
  ],
  preference_pairs: [
    { name: 'prompt', type: 'string', since: 8, description: "what both runs were asked: the task's instruction, then, for a pair shown at a later turn of multi-turn runs, that turn's revision request (from the runs' stored trajectory)" },
    { name: 'chosen', type: 'string', since: 8, description: "the preferred run's output, as the files it produced: one line per file, path, size in bytes and SHA-256 separated by tabs, sorted by path (at the pair's turn, the files that turn left); contents are not exported" },
    { name: 'rejected', type: 'string', since: 8, description: "the other run's output, written as chosen is" },
    { name: 'chosen_run_id', type: 'string', since: 8, description: 'the preferred run (winner_run in preferences)' },
    { name: 'rejected_run_id', type: 'string', since: 8, description: 'the other run' },
    { name: 'task_id', type: 'string', since: 8, description: 'the task both runs did' },
    { name: 'turn', type: 'int8', nullable: true, since: 8, description: 'the turn of two multi-turn runs the pair showed; null for runs shown as they ended' },
    { name: 'chosen_rating', type: 'int8', since: 8, description: "the annotator's quality rating of the chosen output, 1–5" },
    { name: 'rejected_rating', type: 'int8', since: 8, description: "the annotator's quality rating of the rejected output, 1–5" },
    { name: 'annotator', type: 'string', since: 8, description: "the annotator's name, or a pseudonym (annotator-xxxxxxxxxxxx) when pseudonymised, as in preferences" },
    { name: 'vote_id', type: 'string', since: 8, description: 'the vote in preferences this pair is' },
    { name: 'fast_vote', type: 'bool', since: 8, description: 'cast faster than its fast-vote floor (preferences.fast_vote): counted, as the analysis counts it by default; drop these rows to train as `lhb analyze --exclude-fast-votes` counts' },
  ],
  judgments: [
    { name: 'judgment_id', type: 'string', description: 'the judgment' },
    { name: 'run_id', type: 'string', description: 'the judged run' },
    { name: 'task_id', type: 'string', description: "the run's task" },
    { name: 'judge', type: 'string', description: 'the judge (a name for a model behind a provider)' },
    { name: 'judge_model', type: 'string', nullable: true, description: "the judge's model, when its reply is stored" },
    { name: 'tier', type: 'string', description: 'process, output or content' },
    { name: 'rubric_set', type: 'string', description: "the rubric set's name ('' for judgments made before sets were stored)" },
    { name: 'rubric_set_version', type: 'string', description: 'the rubric set version' },
    { name: 'rubric', type: 'string', description: 'the rubric (criterion) scored' },
    { name: 'scale', type: 'int8', description: '3 (scores 0–2) or 5 (scores 1–5)' },
    { name: 'status', type: 'string', description: 'ok, or failed (no score; see failure)' },
    { name: 'score', type: 'int8', nullable: true, description: 'the score on the scale; null when failed' },
    { name: 'level', type: 'string', nullable: true, description: 'the anchored level the judge matched' },
    { name: 'evidence', type: 'string', description: 'what the judge cited from the run' },
    { name: 'rationale', type: 'string', description: "the judge's reasoning" },
    { name: 'failure', type: 'string', nullable: true, description: 'why the reply could not be used' },
    { name: 'created_at', type: 'timestamp', description: 'when it was judged' },
    { name: 'turn', type: 'int8', nullable: true, since: 6, description: "the turn of a multi-turn run it judged (its files and its part of the trajectory; a run is judged at its last turn unless another is asked for); null for a run without turns" },
  ],
  runs: [
    { name: 'run_id', type: 'string', description: 'the run' },
    { name: 'digest', type: 'string', description: "SHA-256 over the run's record and artifacts: merge key across workspaces" },
    { name: 'task_id', type: 'string', description: 'the task' },
    { name: 'task_title', type: 'string', description: "the task's title" },
    { name: 'task_kind', type: 'string', description: 'figma or programmatic' },
    { name: 'config_id', type: 'string', description: 'the canonical configuration id (harness, model, versions)' },
    { name: 'harness', type: 'string', description: 'the agent harness, by its canonical id (codex, never codex-cli)' },
    { name: 'harness_version', type: 'string', nullable: true, since: 3, description: "the harness CLI's version when known; recorded on the run, not part of its configuration" },
    { name: 'model', type: 'string', description: 'the model' },
    VERSIONS,
    { name: 'status', type: 'string', description: 'succeeded, failed, timeout or cancelled' },
    { name: 'started_at', type: 'timestamp', description: 'when it started' },
    { name: 'finished_at', type: 'timestamp', description: 'when it finished' },
    { name: 'study_id', type: 'string', nullable: true, description: 'the study that ran it (null for imported bundles)' },
    { name: 'study_name', type: 'string', nullable: true, description: "that study's name" },
    { name: 'repeat_index', type: 'int32', nullable: true, description: 'which repeat of its configuration in the study' },
    { name: 'attempts', type: 'int32', nullable: true, description: 'attempts the study made' },
    { name: 'error_kind', type: 'string', nullable: true, description: 'why a study run failed, classified (auth, rate-limit, timeout, …)' },
    { name: 'sandbox', type: 'string', nullable: true, since: 5, description: "the sandbox its harness ran in: bubblewrap, or none (run with --no-sandbox); null for imported bundles and runs executed before the sandbox existed" },
    { name: 'sandbox_network', type: 'string', nullable: true, since: 5, description: 'the network a sandboxed run had: host, or none (loopback only)' },
    { name: 'duration_ms', type: 'int64', nullable: true, description: 'wall time' },
    { name: 'steps', type: 'int32', nullable: true, description: 'trajectory steps' },
    { name: 'tool_calls', type: 'int32', nullable: true, description: 'tool calls' },
    { name: 'failed_tool_calls', type: 'int32', nullable: true, description: 'tool calls that failed' },
    { name: 'tokens_input', type: 'int64', nullable: true, description: 'input tokens' },
    { name: 'tokens_output', type: 'int64', nullable: true, description: 'output tokens' },
    { name: 'cost_usd', type: 'float64', nullable: true, description: 'cost in US dollars, when known' },
    { name: 'errors', type: 'int32', nullable: true, description: 'error events in the trajectory' },
    { name: 'recovered_errors', type: 'int32', nullable: true, description: 'of those, recovered later in the run' },
    {
      name: 'errors_by_type',
      type: { list: { struct: [
        { name: 'type', type: 'string', description: 'network, timeout, permission, syntax-type, not-found, config, test, build, runtime, verifier or tool' },
        { name: 'count', type: 'int32', description: 'errors of this type' },
        { name: 'recovered', type: 'int32', description: 'of which recovered' },
      ] } },
      description: 'error and recovery counts per error type (empty without a trajectory)',
    },
    {
      name: 'artifacts',
      type: { list: { struct: [
        { name: 'path', type: 'string', description: "the file's path inside the output bundle" },
        { name: 'sha256', type: 'string', description: 'its SHA-256' },
        { name: 'size_bytes', type: 'int64', description: 'its size' },
      ] } },
      description: 'the files the run produced (contents are not exported)',
    },
    {
      name: 'turns',
      since: 7,
      type: { list: { struct: [
        { name: 'turn', type: 'int32', description: '1 for the task as first asked, then 2, 3, … for each revision request' },
        { name: 'status', type: 'string', description: 'succeeded or failed' },
        { name: 'duration_ms', type: 'float64', nullable: true, description: "the turn's wall time, when known" },
        { name: 'tokens_input', type: 'int64', description: 'input tokens of the turn' },
        { name: 'tokens_output', type: 'int64', description: 'output tokens of the turn' },
        { name: 'steps', type: 'int32', description: 'trajectory steps of the turn' },
        { name: 'errors', type: 'int32', description: "error events the turn's steps made" },
        { name: 'recovered_errors', type: 'int32', description: 'of those, recovered later in the run' },
        { name: 'files_changed', type: 'int32', nullable: true, description: "a revision turn's footprint on out/ against the turn before: files added, removed or changed; null for turn 1, or when a snapshot's bytes were not stored where it was exported" },
        { name: 'lines_changed', type: 'float64', nullable: true, description: 'lines added plus lines removed over its text files (null as files_changed)' },
        { name: 'untouched_share', type: 'float64', nullable: true, description: "the share of the turn before's out/, by size, left as it was; null as files_changed, or when the turn before left nothing" },
      ] } },
      description: "a multi-turn run's turns, in order, as the per-turn analysis reads them (a revision's footprint measured where the files' bytes were); empty for a run without turns",
    },
  ],
  rubrics: [
    { name: 'rubric_set_id', type: 'string', description: 'the stored rubric set version' },
    { name: 'name', type: 'string', description: 'the rubric set' },
    { name: 'version', type: 'string', description: 'its version (judgments name it in rubric_set_version)' },
    { name: 'scale', type: 'int8', description: '3 (0–2) or 5 (1–5)' },
    { name: 'tier', type: 'string', description: 'process, output or content' },
    { name: 'authored_by', type: 'string', description: 'expert, llm-generic or chapter' },
    { name: 'chapter_id', type: 'string', nullable: true, description: 'for chapter-specific sets, the chapter' },
    { name: 'title', type: 'string', description: 'title' },
    { name: 'description', type: 'string', description: 'description' },
    { name: 'task_kinds', type: { list: 'string' }, since: 3, description: 'the task kinds it judges runs of: figma, programmatic, or any; judgments of a run of another kind are not exported' },
    {
      name: 'rubrics',
      type: { list: { struct: [
        { name: 'name', type: 'string', description: 'the rubric' },
        { name: 'criterion', type: 'string', description: 'what is judged' },
        { name: 'weight', type: 'float64', description: 'share of the weighted score (a set sums to 1)' },
        {
          name: 'anchors',
          type: { list: { struct: [
            { name: 'level', type: 'string', description: 'the level ("0".."2" or "1".."5")' },
            { name: 'text', type: 'string', description: 'what that level looks like' },
          ] } },
          description: 'one anchor per level, lowest first',
        },
      ] } },
      description: 'the rubrics of the set',
    },
    { name: 'digest', type: 'string', description: "SHA-256 of the set's definition: the same name@version with other contents is a conflict" },
    { name: 'builtin', type: 'bool', description: 'shipped with the app' },
    { name: 'created_at', type: 'timestamp', description: 'when it was stored' },
  ],
  skills: [
    { name: 'skill', type: 'string', description: "the skill's name (its SKILL.md front matter `name`)" },
    { name: 'version', type: 'string', description: "the version installed: `base` (the folder's own SKILL.md) or a named version (versions/<v>/SKILL.md)" },
    { name: 'description', type: 'string', description: "the SKILL.md front matter's `description`" },
    { name: 'digest', type: 'string', description: "SHA-256 over this version's SKILL.md and the skill's other files, as a study checks it on resume: merge key" },
    { name: 'skill_md_sha256', type: 'string', description: 'SHA-256 of skill_md' },
    { name: 'skill_md', type: 'string', description: 'the SKILL.md the agent was given, as it is in the skill folder' },
    {
      name: 'files',
      type: { list: { struct: [
        { name: 'path', type: 'string', description: "the file's path in the skill folder, with forward slashes" },
        { name: 'bytes', type: 'int64', description: 'its size' },
        { name: 'text', type: 'string', nullable: true, description: 'its text when at most 64 KiB of UTF-8 without NUL; null for a larger or binary file' },
      ] } },
      description: "the skill's other files, installed beside SKILL.md (versions/ is never installed), sorted by path",
    },
    { name: 'first_used_at', type: 'timestamp', description: 'when the first study that used it was created (the workspace keeps a skill in its folder, with no time of its own)' },
    {
      name: 'studies',
      type: { list: { struct: [
        { name: 'study_id', type: 'string', description: 'the study' },
        { name: 'study_name', type: 'string', description: "the study's name" },
        { name: 'config_ids', type: { list: 'string' }, description: 'the configurations of its runs that were given this version (runs.config_id)' },
      ] } },
      description: 'the exported studies that used it, oldest first',
    },
  ],
  tasks: TASK_FIELDS,
  studies: STUDY_FIELDS,
  trajectories: TRAJECTORY_FIELDS,
  pairwise_verdicts: PAIRWISE_VERDICT_FIELDS,
  control_judgments: CONTROL_JUDGMENT_FIELDS,
  harness_guesses: HARNESS_GUESS_FIELDS,
} as const satisfies Record<ExportSubset, readonly Field[]>;

/**
 * Every subset's columns, in file order. Ids are the workspace's own, kept as they are so an
 * importer can merge by id (and sources by sha256, citations by span, runs by digest).
 */
export const SUBSET_FIELDS: Record<ExportSubset, readonly Field[]> = FIELDS;

/** One subset's row as the export writes it: every field of the current format. */
export type SubsetRow<Subset extends ExportSubset> = FieldsRow<(typeof FIELDS)[Subset]>;

/** One subset's row as an import reads it from a folder of any format version: fields added after format 1 may be absent. */
export type ImportedRow<Subset extends ExportSubset> = FieldsRow<(typeof FIELDS)[Subset], 'since'>;

/** What each subset is, for the card. */
export const SUBSET_SUMMARIES: Record<ExportSubset, string> = {
  sources: 'Source documents of the data rooms, normalised to line-numbered Markdown with their section index; one row per version.',
  chapters: "SME chapter plans: each chapter's instruction and notes with the source spans it cites.",
  preferences: 'Blind pairwise votes of experts: the task, both runs and their configurations, the order they were shown in, the choice, both ratings, the reason and time on item.',
  preference_pairs:
    "The votes the analysis counts, as preference pairs in the columns TRL's DPO trainer reads (prompt, chosen, rejected): one row per annotator's first vote on a pair with a winner; ties, both-bad votes and an annotator's repeat votes on a pair are left out.",
  judgments: 'LLM/VLM judge scores: one row per run, rubric and judge, with the level, evidence, rubric set version and scale.',
  runs: 'Agent runs: configuration, versions, status, tokens, cost, trajectory summary and error→recovery counts.',
  rubrics: 'The anchored rubric sets judges scored against, one row per set version.',
  tasks: "The tasks the exported runs and votes are about: what each asked (instruction, a multi-turn task's later turns, its task.json) and a Figma task's ground-truth manifest with each frame's image as a file in the folder.",
  studies: 'The exported studies as they were set up: tasks, configurations (harness, model, endpoint, key variable name), skill arms with their digests, repeats, limits, sandbox, network and verifier, and the resolved spec itself.',
  trajectories:
    "One row per exported run: what the agent did, step by step (role, text, tool calls with their arguments and results, per-step tokens), its errors and recoveries, a multi-turn run's turn prompts, and the raw transcript as a file in the folder, local paths and known secrets redacted.",
  pairwise_verdicts:
    "Pairwise judges' verdicts (lhb judge --pairwise): one row per judge, tier and pair of runs of a task, each pair shown twice with the sides swapped: both picks, the verdict they agree on (a tie when they flip with the side), the judge's reasons and the askings' tokens and cost.",
  control_judgments:
    "Judgments made under a control, never counted as scores (lhb judge --control no-artifact: the judge scored the run from its task and rubrics alone): one row per run, rubric and judge, compared in the report with the same judge's real judgments to show how much the artifact moves each score.",
  harness_guesses:
    "Answers under the guess-harness control, never counted as scores (lhb judge --control guess-harness): one row per asking of a judge shown a run's blinded trajectory and asked which of the listed harnesses made it, or \"cannot tell\", with the run's harness, whether the guess was right, the reasoning and the asking's tokens and cost. A judge right more often than chance means the blinding leaks.",
  skills: "The skill versions the exported studies gave their agents, one row per skill and version: SKILL.md's text and digest, the skill's other files, and which studies and configurations used it.",
};
