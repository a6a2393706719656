import type { ExportSplit } from '../../schemas/export.ts';

/**
 * One subset's rows as an export holds them (core/export/README.md, subset-fields.ts), after
 * row-schema.ts checked them: timestamps are ISO-8601 UTC text, integers numbers.
 */
export interface NameVersion {
  name: string;
  version: string;
}

export interface SourceRowIn {
  source_id: string;
  version_id: string;
  version: number;
  course_id: string | null;
  course_title: string | null;
  title: string;
  type: string;
  original_name: string;
  sha256: string;
  markdown_sha256: string;
  line_count: number;
  lines: { line: number; text: string }[];
  sections: { title: string; level: number; start_line: number; end_line: number }[];
  pages: { page: number; start_line: number; end_line: number }[];
  created_at: string;
}

export interface CitationIn {
  source_id: string;
  start_line: number;
  end_line: number;
  quote: string;
  citation_id: string;
  version_id: string;
  source_sha256: string;
  prefix: string;
  suffix: string;
  status: string;
  created_at: string;
}

export interface ChapterRowIn {
  chapter_id: string;
  course_id: string;
  course_title: string;
  course_notes: string;
  position: number;
  title: string;
  instruction: string;
  design_notes: string;
  citations: CitationIn[];
  created_at: string;
  updated_at: string;
}

interface ConfigIn {
  run_id: string;
  config_id: string;
  harness: string;
  model: string;
  versions: NameVersion[];
}

export interface PreferenceRowIn {
  vote_id: string;
  task_id: string;
  task_title: string;
  task_kind: string;
  config_a: ConfigIn;
  config_b: ConfigIn;
  shown_order: string;
  left_run: string;
  right_run: string;
  choice: string;
  winner_run: string | null;
  rating_left: number;
  rating_right: number;
  reason: string;
  annotator_id: string;
  annotator: string;
  time_on_item_ms: number;
  created_at: string;
}

export interface JudgmentRowIn {
  judgment_id: string;
  run_id: string;
  task_id: string;
  judge: string;
  judge_model: string | null;
  tier: string;
  rubric_set: string;
  rubric_set_version: string;
  rubric: string;
  scale: number;
  status: string;
  score: number | null;
  level: string | null;
  evidence: string;
  rationale: string;
  failure: string | null;
  created_at: string;
}

export interface RunRowIn {
  run_id: string;
  digest: string;
  task_id: string;
  task_title: string;
  task_kind: string;
  config_id: string;
  harness: string;
  /** Absent in exports written before the field existed: `versions` may then hold it as `harness`. */
  harness_version?: string | null;
  model: string;
  versions: NameVersion[];
  status: string;
  started_at: string;
  finished_at: string;
  study_id: string | null;
  study_name: string | null;
  repeat_index: number | null;
  attempts: number | null;
  error_kind: string | null;
  duration_ms: number | null;
  steps: number | null;
  tool_calls: number | null;
  failed_tool_calls: number | null;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
  errors: number | null;
  recovered_errors: number | null;
  errors_by_type: { type: string; count: number; recovered: number }[];
  artifacts: { path: string; sha256: string; size_bytes: number }[];
}

export interface RubricRowIn {
  rubric_set_id: string;
  name: string;
  version: string;
  scale: number;
  tier: string;
  authored_by: string;
  chapter_id: string | null;
  title: string;
  description: string;
  /** Since format 3; absent in older exports (the library then works the kinds out). */
  task_kinds?: string[];
  rubrics: { name: string; criterion: string; weight: number; anchors: { level: string; text: string }[] }[];
  digest: string;
  builtin: boolean;
  created_at: string;
}

/** A row with where it came from, so a write that fails can name the file and row. */
export interface Located<T> {
  row: T;
  split: ExportSplit;
  /** `data/preferences/train-00000-of-00001.parquet row 12` */
  where: string;
}

/** Every subset an export folder holds (a subset it does not hold is empty), checked against the format. */
export interface ImportedDataset {
  dir: string;
  format: 'parquet' | 'jsonl';
  /** The project's name from the card's pretty_name. */
  projectName: string;
  present: Set<string>;
  sources: Located<SourceRowIn>[];
  chapters: Located<ChapterRowIn>[];
  preferences: Located<PreferenceRowIn>[];
  judgments: Located<JudgmentRowIn>[];
  runs: Located<RunRowIn>[];
  rubrics: Located<RubricRowIn>[];
}
