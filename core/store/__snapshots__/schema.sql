-- index annotation_history_by_plan on annotation_history
CREATE INDEX annotation_history_by_plan ON annotation_history(data_room_id, annotator_id, seq);

-- index arena_presentations_by_annotator on arena_presentations
CREATE INDEX arena_presentations_by_annotator ON arena_presentations(annotator_id, created_at);

-- index chapters_by_plan on chapters
CREATE INDEX chapters_by_plan ON chapters(data_room_id, annotator_id, position);

-- index citations_by_chapter on citations
CREATE INDEX citations_by_chapter ON citations(chapter_id, position);

-- index citations_by_source on citations
CREATE INDEX citations_by_source ON citations(source_id);

-- index control_judgments_by_reply on control_judgments
CREATE INDEX control_judgments_by_reply ON control_judgments(reply_id);

-- index control_judgments_by_run on control_judgments
CREATE INDEX control_judgments_by_run ON control_judgments(run_id, tier, rubric_set, rubric_version);

-- index gold_provenance_by_item on gold_provenance
CREATE INDEX gold_provenance_by_item ON gold_provenance(from_item_id);

-- index gold_provenance_by_room on gold_provenance
CREATE INDEX gold_provenance_by_room ON gold_provenance(data_room_id, created_at);

-- index harness_guesses_by_run on harness_guesses
CREATE INDEX harness_guesses_by_run ON harness_guesses(run_id, judge_model, input_hash);

-- index jobs_by_created on jobs
CREATE INDEX jobs_by_created ON jobs(created_at);

-- index jobs_unfinished on jobs
CREATE INDEX jobs_unfinished ON jobs(state) WHERE state IN ('queued', 'running');

-- index judge_replies_by_run on judge_replies
CREATE INDEX judge_replies_by_run ON judge_replies(run_id, tier);

-- index judgments_by_item on judgments
CREATE INDEX judgments_by_item ON judgments(tier, rubric, rubric_version, judge);

-- index judgments_by_reply on judgments
CREATE INDEX judgments_by_reply ON judgments(reply_id);

-- index judgments_by_run on judgments
CREATE INDEX judgments_by_run ON judgments(run_id, tier, rubric, rubric_version);

-- index pairwise_verdicts_by_run_b on pairwise_verdicts
CREATE INDEX pairwise_verdicts_by_run_b ON pairwise_verdicts(run_b);

-- index replaced_judge_replies_by_run on replaced_judge_replies
CREATE INDEX replaced_judge_replies_by_run ON replaced_judge_replies(run_id);

-- index replaced_pairwise_verdicts_by_runs on replaced_pairwise_verdicts
CREATE INDEX replaced_pairwise_verdicts_by_runs ON replaced_pairwise_verdicts(run_a, run_b);

-- index run_frame_findings_by_run on run_frame_findings
CREATE INDEX run_frame_findings_by_run ON run_frame_findings(run_id);

-- index runs_by_task on runs
CREATE INDEX runs_by_task ON runs(task_id, config_id);

-- index sources_by_data_room on sources
CREATE INDEX sources_by_data_room ON sources(data_room_id);

-- index sources_by_project on sources
CREATE INDEX sources_by_project ON sources(project_id);

-- index studies_by_project on studies
CREATE INDEX studies_by_project ON studies(project_id, created_at);

-- index study_runs_by_run on study_runs
CREATE INDEX study_runs_by_run ON study_runs(run_id);

-- index study_runs_by_study on study_runs
CREATE INDEX study_runs_by_study ON study_runs(study_id, status);

-- index voter_invites_by_annotator on voter_invites
CREATE INDEX voter_invites_by_annotator ON voter_invites(annotator_id);

-- index votes_by_annotator on votes
CREATE INDEX votes_by_annotator ON votes(annotator_id, created_at);

-- index votes_by_task on votes
CREATE INDEX votes_by_task ON votes(task_id);

-- index votes_one_live_per_presentation on votes
CREATE UNIQUE INDEX votes_one_live_per_presentation ON votes(presentation_id) WHERE retracted_at IS NULL;

-- table analysis_inputs on analysis_inputs
CREATE TABLE analysis_inputs (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);

-- table analysis_reports on analysis_reports
CREATE TABLE analysis_reports (
  asked TEXT PRIMARY KEY,
  inputs_version INTEGER NOT NULL,
  computed_at TEXT NOT NULL,
  report TEXT NOT NULL
);

-- table annotation_history on annotation_history
CREATE TABLE annotation_history (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  data_room_id    TEXT NOT NULL REFERENCES "data_rooms"(id) ON DELETE CASCADE,
  label        TEXT NOT NULL,
  changes_json TEXT NOT NULL,
  undone       INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  created_at   TEXT NOT NULL
, annotator_id TEXT REFERENCES annotators(id) ON DELETE CASCADE, gold INTEGER NOT NULL DEFAULT 0 CHECK (gold IN (0, 1))) STRICT;

-- table annotator_plans on annotator_plans
CREATE TABLE annotator_plans (
  id           TEXT PRIMARY KEY,
  data_room_id TEXT NOT NULL REFERENCES data_rooms(id) ON DELETE CASCADE,
  annotator_id TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  global_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  UNIQUE (data_room_id, annotator_id)
) STRICT;

-- table annotators on annotators
CREATE TABLE annotators (
  id         TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name       TEXT NOT NULL CHECK (length(name) > 0),
  queue_seed TEXT NOT NULL,
  synthetic  INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
  created_at TEXT NOT NULL,
  UNIQUE (project_id, name)
) STRICT;

-- table arena_presentations on arena_presentations
CREATE TABLE arena_presentations (
  id           TEXT PRIMARY KEY,
  token        TEXT NOT NULL UNIQUE,
  annotator_id TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  task_id      TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  run_a        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  shown_order  TEXT NOT NULL CHECK (shown_order IN ('a-left', 'b-left')),
  created_at   TEXT NOT NULL, turn INTEGER CHECK (turn IS NULL OR turn >= 1),
  CHECK (run_a < run_b)
) STRICT;

-- table blobs on blobs
CREATE TABLE blobs (
  sha256     TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  created_at TEXT NOT NULL
) STRICT;

-- table chapters on chapters
CREATE TABLE chapters (
  id           TEXT PRIMARY KEY,
  data_room_id    TEXT NOT NULL REFERENCES "data_rooms"(id) ON DELETE CASCADE,
  position     INTEGER NOT NULL CHECK (position >= 0),
  title        TEXT NOT NULL,
  instruction  TEXT NOT NULL DEFAULT '',
  design_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
, demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)), annotator_id TEXT REFERENCES annotators(id) ON DELETE CASCADE, gold INTEGER NOT NULL DEFAULT 0 CHECK (gold IN (0, 1) AND (gold = 0 OR annotator_id IS NULL))) STRICT;

-- table citations on citations
CREATE TABLE citations (
  id            TEXT PRIMARY KEY,
  chapter_id    TEXT NOT NULL REFERENCES chapters(id) ON DELETE CASCADE,
  source_id     TEXT NOT NULL REFERENCES sources(id),
  version_id    TEXT NOT NULL REFERENCES source_versions(id),
  source_sha256 TEXT NOT NULL,
  start_line    INTEGER NOT NULL CHECK (start_line >= 1),
  end_line      INTEGER NOT NULL CHECK (end_line >= start_line),
  quote         TEXT NOT NULL,
  prefix        TEXT NOT NULL DEFAULT '',
  suffix        TEXT NOT NULL DEFAULT '',
  status        TEXT NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'reanchored', 'orphaned')),
  position      INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL
, start_char INTEGER CHECK (start_char IS NULL OR start_char >= 0), end_char INTEGER CHECK (end_char IS NULL OR end_char >= 0)) STRICT;

-- table control_judgments on control_judgments
CREATE TABLE control_judgments (
  id             TEXT PRIMARY KEY,
  control        TEXT NOT NULL CHECK (control IN ('no-artifact')),
  run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge          TEXT NOT NULL CHECK (length(judge) > 0),
  tier           TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric         TEXT NOT NULL CHECK (length(rubric) > 0),
  rubric_set     TEXT NOT NULL,
  rubric_version TEXT NOT NULL CHECK (length(rubric_version) > 0),
  scale          INTEGER NOT NULL CHECK (scale IN (3, 5)),
  turn           INTEGER,
  status         TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  score          INTEGER,
  level          TEXT,
  evidence       TEXT NOT NULL DEFAULT '',
  failure        TEXT,
  reply_id       TEXT NOT NULL REFERENCES judge_replies(id) ON DELETE CASCADE,
  created_at     TEXT NOT NULL,
  CHECK (
    (status = 'failed' AND score IS NULL)
    OR (status = 'ok' AND ((scale = 5 AND score BETWEEN 1 AND 5) OR (scale = 3 AND score BETWEEN 0 AND 2)))
  )
) STRICT;

-- table data_rooms on data_rooms
CREATE TABLE "data_rooms" (
  id           TEXT PRIMARY KEY,
  project_id   TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title        TEXT NOT NULL CHECK (length(title) > 0),
  global_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
, demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)), plans_shared INTEGER NOT NULL DEFAULT 0 CHECK (plans_shared IN (0, 1))) STRICT;

-- table gold_plans on gold_plans
CREATE TABLE gold_plans (
  id           TEXT PRIMARY KEY,
  data_room_id TEXT NOT NULL UNIQUE REFERENCES data_rooms(id) ON DELETE CASCADE,
  global_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

-- table gold_provenance on gold_provenance
CREATE TABLE gold_provenance (
  id                TEXT PRIMARY KEY,
  data_room_id      TEXT NOT NULL REFERENCES data_rooms(id) ON DELETE CASCADE,
  kind              TEXT NOT NULL CHECK (kind IN ('chapter', 'citation', 'note')),
  action            TEXT NOT NULL CHECK (action IN ('accepted', 'edited', 'dropped')),
  from_annotator_id TEXT,
  from_item_id      TEXT NOT NULL,
  from_label        TEXT NOT NULL,
  gold_chapter_id   TEXT,
  gold_citation_id  TEXT,
  curator_note      TEXT NOT NULL DEFAULT '',
  created_at        TEXT NOT NULL
) STRICT;

-- table harness_guesses on harness_guesses
CREATE TABLE harness_guesses (
  id            TEXT PRIMARY KEY,
  run_id        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge         TEXT NOT NULL CHECK (length(judge) > 0),
  judge_model   TEXT NOT NULL,
  tier          TEXT NOT NULL CHECK (tier = 'process'),
  turn          INTEGER,
  -- SHA-256 over the prompt and the run: the same guess is reused only for exactly what was shown.
  input_hash    TEXT NOT NULL,
  -- The harness ids offered, in the order the prompt listed them (JSON array).
  choices_json  TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  -- A harness id of choices_json, or 'cannot tell'; null when the asking failed.
  guess         TEXT,
  reason        TEXT NOT NULL DEFAULT '',
  failure       TEXT,
  raw_reply     TEXT,
  attempts      INTEGER NOT NULL DEFAULT 0,
  tokens_input  INTEGER NOT NULL DEFAULT 0,
  tokens_output INTEGER NOT NULL DEFAULT 0,
  cost_usd      REAL,
  job_id        TEXT,
  created_at    TEXT NOT NULL,
  CHECK ((status = 'ok') = (guess IS NOT NULL))
) STRICT;

-- table imported_run_artifacts on imported_run_artifacts
CREATE TABLE imported_run_artifacts (
  run_id     TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  path       TEXT NOT NULL,
  sha256     TEXT NOT NULL,
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  PRIMARY KEY (run_id, path)
) STRICT;

-- table imported_run_summaries on imported_run_summaries
CREATE TABLE imported_run_summaries (
  run_id            TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  steps             INTEGER CHECK (steps IS NULL OR steps >= 0),
  tool_calls        INTEGER CHECK (tool_calls IS NULL OR tool_calls >= 0),
  failed_tool_calls INTEGER CHECK (failed_tool_calls IS NULL OR failed_tool_calls >= 0),
  tokens_input      INTEGER CHECK (tokens_input IS NULL OR tokens_input >= 0),
  tokens_output     INTEGER CHECK (tokens_output IS NULL OR tokens_output >= 0),
  cost_usd          REAL,
  -- Error→recovery events rebuilt from the exported counts (type and recovered; no message or step).
  errors_json       TEXT NOT NULL
) STRICT;

-- table imported_run_turns on imported_run_turns
CREATE TABLE imported_run_turns (
  run_id           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  turn             INTEGER NOT NULL CHECK (turn >= 1),
  status           TEXT NOT NULL CHECK (status IN ('succeeded', 'failed')),
  duration_ms      REAL CHECK (duration_ms IS NULL OR duration_ms >= 0),
  tokens_input     INTEGER NOT NULL CHECK (tokens_input >= 0),
  tokens_output    INTEGER NOT NULL CHECK (tokens_output >= 0),
  steps            INTEGER NOT NULL CHECK (steps >= 0),
  errors           INTEGER NOT NULL CHECK (errors >= 0),
  recovered_errors INTEGER NOT NULL CHECK (recovered_errors >= 0 AND recovered_errors <= errors),
  files_changed    INTEGER CHECK (files_changed IS NULL OR files_changed >= 0),
  lines_changed    REAL CHECK (lines_changed IS NULL OR lines_changed >= 0),
  untouched_share  REAL CHECK (untouched_share IS NULL OR untouched_share >= 0),
  PRIMARY KEY (run_id, turn)
) STRICT;

-- table jobs on jobs
CREATE TABLE jobs (
  id         TEXT PRIMARY KEY,
  kind       TEXT NOT NULL,
  title      TEXT NOT NULL,
  state      TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  done       INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
  total      INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
  message    TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
, owner_pid INTEGER, owner_instance TEXT, owner_host TEXT, owner_space TEXT, owner_start TEXT, heartbeat_at TEXT, failed INTEGER NOT NULL DEFAULT 0 CHECK (failed >= 0)) STRICT;

-- table judge_replies on judge_replies
CREATE TABLE judge_replies (
  id              TEXT PRIMARY KEY,
  run_id          TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge           TEXT NOT NULL,
  judge_model     TEXT NOT NULL,
  tier            TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric_set      TEXT NOT NULL,
  rubric_version  TEXT NOT NULL,
  scale           INTEGER NOT NULL CHECK (scale IN (3, 5)),
  -- SHA-256 of everything the judge was shown (prompt text and images).
  input_hash      TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  failure         TEXT,
  raw_reply       TEXT,
  attempts        INTEGER NOT NULL DEFAULT 1,
  tokens_input    INTEGER,
  tokens_output   INTEGER,
  cost_usd        REAL,
  duration_ms     INTEGER,
  job_id          TEXT,
  created_at      TEXT NOT NULL,
  UNIQUE (judge_model, rubric_set, rubric_version, scale, input_hash)
) STRICT;

-- table judgments on judgments
CREATE TABLE "judgments" (
  id             TEXT PRIMARY KEY,
  run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge          TEXT NOT NULL CHECK (length(judge) > 0),
  tier           TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric         TEXT NOT NULL CHECK (length(rubric) > 0),
  -- The rubric set's name (empty for judgments made before sets were stored) and version.
  rubric_set     TEXT NOT NULL DEFAULT '',
  rubric_version TEXT NOT NULL CHECK (length(rubric_version) > 0),
  scale          INTEGER NOT NULL DEFAULT 5 CHECK (scale IN (3, 5)),
  status         TEXT NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'failed')),
  score          INTEGER,
  level          TEXT,
  evidence       TEXT NOT NULL DEFAULT '',
  rationale      TEXT NOT NULL DEFAULT '',
  failure        TEXT,
  reply_id       TEXT REFERENCES judge_replies(id) ON DELETE CASCADE,
  synthetic      INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
  created_at     TEXT NOT NULL, turn INTEGER CHECK (turn IS NULL OR turn >= 1),
  CHECK (
    (status = 'failed' AND score IS NULL)
    OR (status = 'ok' AND ((scale = 5 AND score BETWEEN 1 AND 5) OR (scale = 3 AND score BETWEEN 0 AND 2)))
  )
) STRICT;

-- table meta on meta
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- table model_price_overrides on model_price_overrides
CREATE TABLE model_price_overrides (
  model                   TEXT PRIMARY KEY CHECK (length(model) > 0),
  input_per_million       REAL NOT NULL CHECK (input_per_million >= 0),
  output_per_million      REAL NOT NULL CHECK (output_per_million >= 0),
  cache_read_per_million  REAL NOT NULL CHECK (cache_read_per_million >= 0),
  cache_write_per_million REAL NOT NULL CHECK (cache_write_per_million >= 0),
  set_at                  TEXT NOT NULL
) STRICT;

-- table pairwise_verdicts on pairwise_verdicts
CREATE TABLE pairwise_verdicts (
  id            TEXT PRIMARY KEY,
  task_id       TEXT NOT NULL,
  run_a         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge         TEXT NOT NULL,
  judge_model   TEXT NOT NULL,
  tier          TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  input_hash    TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  first_pick    TEXT CHECK (first_pick IN ('a', 'b', 'tie')),
  second_pick   TEXT CHECK (second_pick IN ('a', 'b', 'tie')),
  verdict       TEXT CHECK (verdict IN ('a', 'b', 'tie')),
  flipped       INTEGER NOT NULL DEFAULT 0 CHECK (flipped IN (0, 1)),
  reasons_json  TEXT NOT NULL DEFAULT '[]',
  failure       TEXT,
  raw_replies   TEXT,
  attempts      INTEGER NOT NULL DEFAULT 0,
  tokens_input  INTEGER NOT NULL DEFAULT 0,
  tokens_output INTEGER NOT NULL DEFAULT 0,
  cost_usd      REAL,
  job_id        TEXT,
  created_at    TEXT NOT NULL,
  CHECK (run_a < run_b),
  CHECK (status = 'failed' OR (first_pick IS NOT NULL AND second_pick IS NOT NULL AND verdict IS NOT NULL)),
  UNIQUE (run_a, run_b, judge, tier)
) STRICT;

-- table plan_submissions on plan_submissions
CREATE TABLE plan_submissions (
  data_room_id TEXT NOT NULL REFERENCES data_rooms(id) ON DELETE CASCADE,
  annotator    TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(annotator)) > 0),
  plan_json    TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  approved_by  TEXT CHECK (approved_by IS NULL OR length(trim(approved_by)) > 0),
  approved_at  TEXT,
  CHECK ((approved_by IS NULL) = (approved_at IS NULL)),
  PRIMARY KEY (data_room_id, annotator)
) STRICT;

-- table projects on projects
CREATE TABLE projects (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL CHECK (length(name) > 0),
  description TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL
) STRICT;

-- table replaced_judge_replies on replaced_judge_replies
CREATE TABLE replaced_judge_replies (
  id             TEXT PRIMARY KEY,
  run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge          TEXT NOT NULL,
  judge_model    TEXT NOT NULL,
  tier           TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric_set     TEXT NOT NULL,
  rubric_version TEXT NOT NULL,
  scale          INTEGER NOT NULL CHECK (scale IN (3, 5)),
  status         TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  attempts       INTEGER NOT NULL CHECK (attempts > 0),
  tokens_input   INTEGER,
  tokens_output  INTEGER,
  cost_usd       REAL,
  created_at     TEXT NOT NULL,
  replaced_at    TEXT NOT NULL
) STRICT;

-- table replaced_pairwise_verdicts on replaced_pairwise_verdicts
CREATE TABLE replaced_pairwise_verdicts (
  id            TEXT PRIMARY KEY,
  run_a         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge         TEXT NOT NULL,
  judge_model   TEXT NOT NULL,
  tier          TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  status        TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  attempts      INTEGER NOT NULL CHECK (attempts > 0),
  tokens_input  INTEGER NOT NULL DEFAULT 0,
  tokens_output INTEGER NOT NULL DEFAULT 0,
  cost_usd      REAL,
  created_at    TEXT NOT NULL,
  replaced_at   TEXT NOT NULL
) STRICT;

-- table rubric_sets on rubric_sets
CREATE TABLE rubric_sets (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL CHECK (length(name) > 0),
  version       TEXT NOT NULL CHECK (length(version) > 0),
  scale         INTEGER NOT NULL CHECK (scale IN (3, 5)),
  tier          TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  authored_by   TEXT NOT NULL CHECK (authored_by IN ('expert', 'llm-generic', 'chapter')),
  chapter_id    TEXT REFERENCES chapters(id) ON DELETE SET NULL,
  -- The whole set as schemas/judge.ts RubricSet JSON; never edited in place (a change is a new version).
  definition_json TEXT NOT NULL,
  -- SHA-256 of definition_json: the same name@version with other contents is refused.
  digest        TEXT NOT NULL,
  builtin       INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
  created_at    TEXT NOT NULL,
  UNIQUE (name, version, scale)
) STRICT;

-- table run_files on run_files
CREATE TABLE run_files (
  run_id     TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  path       TEXT NOT NULL,
  sha256     TEXT NOT NULL REFERENCES blobs(sha256),
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  PRIMARY KEY (run_id, path)
) STRICT;

-- table run_frame_findings on run_frame_findings
CREATE TABLE run_frame_findings (
  run_id  TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  node_id TEXT NOT NULL,
  kind    TEXT NOT NULL,
  detail  TEXT NOT NULL
) STRICT;

-- table run_trajectories on run_trajectories
CREATE TABLE run_trajectories (
  run_id            TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  -- The normalised trajectory (schemas/trajectory.ts) as JSON, in the blob store.
  trajectory_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  -- The file as it was imported, kept raw (as an executed run keeps its transcript).
  source_sha256     TEXT NOT NULL REFERENCES blobs(sha256),
  source_format     TEXT NOT NULL CHECK (source_format IN ('atif')),
  -- The file's path inside the imported folder, e.g. `agent/trajectory.json`.
  source_path       TEXT NOT NULL,
  harness_version   TEXT,
  -- The summary `lhb runs show` prints.
  steps             INTEGER NOT NULL CHECK (steps >= 0),
  tool_calls        INTEGER NOT NULL CHECK (tool_calls >= 0),
  failed_tool_calls INTEGER NOT NULL CHECK (failed_tool_calls >= 0),
  tokens_input      INTEGER NOT NULL CHECK (tokens_input >= 0),
  tokens_output     INTEGER NOT NULL CHECK (tokens_output >= 0),
  cost_usd          REAL,
  duration_ms       INTEGER,
  -- Error→recovery events (core/runs/trajectory/extract-errors.ts), a JSON array.
  errors_json       TEXT NOT NULL,
  imported_at       TEXT NOT NULL
) STRICT;

-- table run_verifications on run_verifications
CREATE TABLE run_verifications (
  run_id       TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  -- 1, 2, … in the order the checks ran.
  seq          INTEGER NOT NULL CHECK (seq >= 1),
  checked_at   TEXT NOT NULL,
  -- What asked for the check: 'claude-code PostToolUse Write', 'gemini-cli AfterTool write_file', 'mcp verify_build'.
  trigger      TEXT NOT NULL,
  ok           INTEGER NOT NULL CHECK (ok IN (0, 1)),
  -- What the agent was told to fix first.
  next_action  TEXT NOT NULL,
  -- Whether this check ran npm run build itself.
  built        INTEGER NOT NULL CHECK (built IN (0, 1)),
  routes_checked INTEGER NOT NULL CHECK (routes_checked >= 0),
  duration_ms  INTEGER NOT NULL CHECK (duration_ms >= 0),
  PRIMARY KEY (run_id, seq)
) STRICT;

-- table run_verifier_findings on run_verifier_findings
CREATE TABLE run_verifier_findings (
  run_id   TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  position INTEGER NOT NULL CHECK (position >= 0),
  -- build-error, missing-build, runtime-error, broken-route, blank-render, timeout.
  kind     TEXT NOT NULL,
  -- The route a capture finding is about; NULL for the build's own.
  route    TEXT,
  detail   TEXT NOT NULL,
  PRIMARY KEY (run_id, seq, position),
  FOREIGN KEY (run_id, seq) REFERENCES run_verifications(run_id, seq) ON DELETE CASCADE
) STRICT;

-- table runs on runs
CREATE TABLE runs (
  id            TEXT PRIMARY KEY,
  task_id       TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  harness       TEXT NOT NULL,
  model         TEXT NOT NULL,
  versions_json TEXT NOT NULL,
  config_id     TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('succeeded', 'failed', 'timeout', 'cancelled')),
  started_at    TEXT NOT NULL,
  finished_at   TEXT NOT NULL,
  digest        TEXT NOT NULL UNIQUE,
  source_dir    TEXT NOT NULL,
  imported_at   TEXT NOT NULL
, synthetic INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)), harness_version TEXT, demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))) STRICT;

-- table schema_migrations on schema_migrations
CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    sha256     TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT;

-- table search_pending on search_pending
CREATE TABLE search_pending (
  run_id TEXT PRIMARY KEY
) STRICT;

-- table search_runs on search_runs
CREATE TABLE search_runs (
  ordinal  INTEGER PRIMARY KEY,
  -- The run's id (runs.id), or its study run's id while the study run has no stored run.
  run_id   TEXT NOT NULL UNIQUE,
  study_id TEXT
) STRICT;

-- table search_text on search_text
CREATE VIRTUAL TABLE search_text USING fts5(body, kind, study, step UNINDEXED, ref UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');

-- table search_text_config on search_text_config
CREATE TABLE 'search_text_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table search_text_content on search_text_content
CREATE TABLE 'search_text_content'(id INTEGER PRIMARY KEY, c0, c1, c2, c3, c4);

-- table search_text_data on search_text_data
CREATE TABLE 'search_text_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table search_text_docsize on search_text_docsize
CREATE TABLE 'search_text_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table search_text_idx on search_text_idx
CREATE TABLE 'search_text_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table source_versions on source_versions
CREATE TABLE source_versions (
  id              TEXT PRIMARY KEY,
  source_id       TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  version         INTEGER NOT NULL CHECK (version >= 1),
  blob_sha256     TEXT NOT NULL REFERENCES blobs(sha256),
  markdown_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  line_count      INTEGER NOT NULL CHECK (line_count >= 0),
  sections_json   TEXT NOT NULL,
  pages_json      TEXT NOT NULL DEFAULT '[]',
  created_at      TEXT NOT NULL, normaliser_version INTEGER NOT NULL DEFAULT 1 CHECK (normaliser_version >= 1), doubts_json TEXT NOT NULL DEFAULT '[]',
  UNIQUE (source_id, version)
) STRICT;

-- table sources on sources
CREATE TABLE sources (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title         TEXT NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('pdf', 'web', 'markdown', 'text')),
  original_name TEXT NOT NULL,
  blob_sha256   TEXT NOT NULL REFERENCES blobs(sha256),
  created_at    TEXT NOT NULL
, data_room_id TEXT REFERENCES "data_rooms"(id) ON DELETE SET NULL, demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))) STRICT;

-- table studies on studies
CREATE TABLE studies (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name          TEXT NOT NULL CHECK (length(name) > 0),
  -- The study's configuration as started (tasks, configurations, repeats, limits), canonical JSON.
  spec_json     TEXT NOT NULL,
  -- SHA-256 of spec_json plus the skills' contents: a resume refuses when it changed.
  config_digest TEXT NOT NULL,
  executor      TEXT NOT NULL DEFAULT 'local',
  folder        TEXT NOT NULL,
  state         TEXT NOT NULL CHECK (state IN ('running', 'finished', 'cancelled', 'interrupted')),
  job_id        TEXT,
  -- Set by another process (\`lhb runs cancel\` while the app runs the study): the owner stops it.
  cancel_requested_at TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;

-- table study_runs on study_runs
CREATE TABLE study_runs (
  id               TEXT PRIMARY KEY,
  study_id         TEXT NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  position         INTEGER NOT NULL CHECK (position >= 0),
  task_id          TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  harness          TEXT NOT NULL,
  model            TEXT NOT NULL,
  versions_json    TEXT NOT NULL,
  config_id        TEXT NOT NULL,
  -- Which of the study's configurations (its position in the spec) this run is.
  config_index     INTEGER NOT NULL CHECK (config_index >= 0),
  repeat_index     INTEGER NOT NULL CHECK (repeat_index >= 0),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'running', 'succeeded', 'failed', 'timeout', 'cancelled')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  -- Why it failed, classified (auth, rate-limit, model-not-found, timeout, harness-crash, …).
  error_kind       TEXT,
  error_message    TEXT,
  harness_version  TEXT,
  -- The harness process while it runs (pid + start time), so a resume after a crash can stop it.
  process_pid      INTEGER,
  process_start    TEXT,
  started_at       TEXT,
  finished_at      TEXT,
  duration_ms      INTEGER,
  steps            INTEGER,
  tool_calls       INTEGER,
  failed_tool_calls INTEGER,
  tokens_input     INTEGER,
  tokens_output    INTEGER,
  cost_usd         REAL,
  last_event       TEXT,
  transcript_sha256 TEXT REFERENCES blobs(sha256),
  trajectory_sha256 TEXT REFERENCES blobs(sha256),
  errors_json      TEXT,
  run_id           TEXT REFERENCES runs(id) ON DELETE SET NULL,
  cancel_requested_at TEXT,
  updated_at       TEXT NOT NULL, slurm_job_id TEXT, slurm_state TEXT, sandbox_json TEXT, next_run_id TEXT,
  UNIQUE (study_id, position)
) STRICT;

-- table superseded_runs on superseded_runs
CREATE TABLE superseded_runs (
  run_id            TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  study_run_id      TEXT NOT NULL REFERENCES study_runs(id) ON DELETE CASCADE,
  -- Which attempt of its study run it was, from 1.
  attempt           INTEGER NOT NULL CHECK (attempt >= 1),
  superseded_at     TEXT NOT NULL,
  transcript_sha256 TEXT REFERENCES blobs(sha256),
  trajectory_sha256 TEXT REFERENCES blobs(sha256),
  errors_json       TEXT,
  -- The study run's row as it was when this attempt was superseded (core/store/study-repository.ts StudyRunRow).
  study_run_json    TEXT NOT NULL,
  UNIQUE (study_run_id, attempt)
) STRICT;

-- table task_frames on task_frames
CREATE TABLE task_frames (
  task_id         TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  position        INTEGER NOT NULL CHECK (position >= 0),
  node_id         TEXT NOT NULL,
  name            TEXT NOT NULL,
  target_route    TEXT NOT NULL,
  viewport_width  INTEGER,
  viewport_height INTEGER,
  gt_sha256       TEXT NOT NULL REFERENCES blobs(sha256),
  PRIMARY KEY (task_id, position),
  UNIQUE (task_id, node_id)
) STRICT;

-- table tasks on tasks
CREATE TABLE tasks (
  id             TEXT PRIMARY KEY,
  project_id     TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kind           TEXT NOT NULL CHECK (kind IN ('figma', 'programmatic')),
  title          TEXT NOT NULL CHECK (length(title) > 0),
  instruction    TEXT NOT NULL DEFAULT '',
  chapter_id     TEXT REFERENCES chapters(id) ON DELETE SET NULL,
  figma_file_key TEXT,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
, synthetic INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)), demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))) STRICT;

-- table voter_invites on voter_invites
CREATE TABLE voter_invites (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  annotator_id  TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  token_sha256  TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
  created_at    TEXT NOT NULL,
  expires_at    TEXT NOT NULL,
  revoked_at    TEXT,
  last_used_at  TEXT
, data_room_id TEXT REFERENCES data_rooms(id) ON DELETE CASCADE) STRICT;

-- table votes on votes
CREATE TABLE votes (
  id              TEXT PRIMARY KEY,
  presentation_id TEXT NOT NULL REFERENCES arena_presentations(id) ON DELETE CASCADE,
  annotator_id    TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  task_id         TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  run_a           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  shown_order     TEXT NOT NULL CHECK (shown_order IN ('a-left', 'b-left')),
  left_run        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  right_run       TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  choice          TEXT NOT NULL CHECK (choice IN ('left', 'right', 'tie', 'both-bad')),
  winner_run      TEXT REFERENCES runs(id) ON DELETE CASCADE,
  rating_left     INTEGER NOT NULL CHECK (rating_left BETWEEN 1 AND 5),
  rating_right    INTEGER NOT NULL CHECK (rating_right BETWEEN 1 AND 5),
  reason          TEXT NOT NULL DEFAULT '',
  time_on_item_ms INTEGER NOT NULL CHECK (time_on_item_ms >= 0),
  synthetic       INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
  created_at      TEXT NOT NULL,
  retracted_at    TEXT
, is_repeat INTEGER NOT NULL DEFAULT 0 CHECK (is_repeat IN (0, 1)), fast_vote_floor_ms INTEGER CHECK (fast_vote_floor_ms IS NULL OR fast_vote_floor_ms >= 0), is_fast INTEGER GENERATED ALWAYS AS (CASE WHEN fast_vote_floor_ms IS NOT NULL AND time_on_item_ms < fast_vote_floor_ms THEN 1 ELSE 0 END) VIRTUAL, turn INTEGER CHECK (turn IS NULL OR turn >= 1)) STRICT;

-- trigger analysis_input_annotator_plans_delete on annotator_plans
CREATE TRIGGER analysis_input_annotator_plans_delete AFTER DELETE ON annotator_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_annotator_plans_insert on annotator_plans
CREATE TRIGGER analysis_input_annotator_plans_insert AFTER INSERT ON annotator_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_annotator_plans_update on annotator_plans
CREATE TRIGGER analysis_input_annotator_plans_update AFTER UPDATE ON annotator_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_annotators_delete on annotators
CREATE TRIGGER analysis_input_annotators_delete AFTER DELETE ON annotators BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_annotators_insert on annotators
CREATE TRIGGER analysis_input_annotators_insert AFTER INSERT ON annotators BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_annotators_update on annotators
CREATE TRIGGER analysis_input_annotators_update AFTER UPDATE ON annotators BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_arena_presentations_delete on arena_presentations
CREATE TRIGGER analysis_input_arena_presentations_delete AFTER DELETE ON arena_presentations BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_arena_presentations_insert on arena_presentations
CREATE TRIGGER analysis_input_arena_presentations_insert AFTER INSERT ON arena_presentations BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_arena_presentations_update on arena_presentations
CREATE TRIGGER analysis_input_arena_presentations_update AFTER UPDATE ON arena_presentations BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_chapters_delete on chapters
CREATE TRIGGER analysis_input_chapters_delete AFTER DELETE ON chapters BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_chapters_insert on chapters
CREATE TRIGGER analysis_input_chapters_insert AFTER INSERT ON chapters BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_chapters_update on chapters
CREATE TRIGGER analysis_input_chapters_update AFTER UPDATE ON chapters BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_citations_delete on citations
CREATE TRIGGER analysis_input_citations_delete AFTER DELETE ON citations BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_citations_insert on citations
CREATE TRIGGER analysis_input_citations_insert AFTER INSERT ON citations BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_citations_update on citations
CREATE TRIGGER analysis_input_citations_update AFTER UPDATE ON citations BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_control_judgments_delete on control_judgments
CREATE TRIGGER analysis_input_control_judgments_delete AFTER DELETE ON control_judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_control_judgments_insert on control_judgments
CREATE TRIGGER analysis_input_control_judgments_insert AFTER INSERT ON control_judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_control_judgments_update on control_judgments
CREATE TRIGGER analysis_input_control_judgments_update AFTER UPDATE ON control_judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_data_rooms_delete on data_rooms
CREATE TRIGGER analysis_input_data_rooms_delete AFTER DELETE ON data_rooms BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_data_rooms_insert on data_rooms
CREATE TRIGGER analysis_input_data_rooms_insert AFTER INSERT ON data_rooms BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_data_rooms_update on data_rooms
CREATE TRIGGER analysis_input_data_rooms_update AFTER UPDATE ON data_rooms BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_gold_plans_delete on gold_plans
CREATE TRIGGER analysis_input_gold_plans_delete AFTER DELETE ON gold_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_gold_plans_insert on gold_plans
CREATE TRIGGER analysis_input_gold_plans_insert AFTER INSERT ON gold_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_gold_plans_update on gold_plans
CREATE TRIGGER analysis_input_gold_plans_update AFTER UPDATE ON gold_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_gold_provenance_delete on gold_provenance
CREATE TRIGGER analysis_input_gold_provenance_delete AFTER DELETE ON gold_provenance BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_gold_provenance_insert on gold_provenance
CREATE TRIGGER analysis_input_gold_provenance_insert AFTER INSERT ON gold_provenance BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_gold_provenance_update on gold_provenance
CREATE TRIGGER analysis_input_gold_provenance_update AFTER UPDATE ON gold_provenance BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_harness_guesses_delete on harness_guesses
CREATE TRIGGER analysis_input_harness_guesses_delete AFTER DELETE ON harness_guesses BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_harness_guesses_insert on harness_guesses
CREATE TRIGGER analysis_input_harness_guesses_insert AFTER INSERT ON harness_guesses BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_harness_guesses_update on harness_guesses
CREATE TRIGGER analysis_input_harness_guesses_update AFTER UPDATE ON harness_guesses BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_artifacts_delete on imported_run_artifacts
CREATE TRIGGER analysis_input_imported_run_artifacts_delete AFTER DELETE ON imported_run_artifacts BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_artifacts_insert on imported_run_artifacts
CREATE TRIGGER analysis_input_imported_run_artifacts_insert AFTER INSERT ON imported_run_artifacts BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_artifacts_update on imported_run_artifacts
CREATE TRIGGER analysis_input_imported_run_artifacts_update AFTER UPDATE ON imported_run_artifacts BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_summaries_delete on imported_run_summaries
CREATE TRIGGER analysis_input_imported_run_summaries_delete AFTER DELETE ON imported_run_summaries BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_summaries_insert on imported_run_summaries
CREATE TRIGGER analysis_input_imported_run_summaries_insert AFTER INSERT ON imported_run_summaries BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_summaries_update on imported_run_summaries
CREATE TRIGGER analysis_input_imported_run_summaries_update AFTER UPDATE ON imported_run_summaries BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_turns_delete on imported_run_turns
CREATE TRIGGER analysis_input_imported_run_turns_delete AFTER DELETE ON imported_run_turns BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_turns_insert on imported_run_turns
CREATE TRIGGER analysis_input_imported_run_turns_insert AFTER INSERT ON imported_run_turns BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_imported_run_turns_update on imported_run_turns
CREATE TRIGGER analysis_input_imported_run_turns_update AFTER UPDATE ON imported_run_turns BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_judge_replies_delete on judge_replies
CREATE TRIGGER analysis_input_judge_replies_delete AFTER DELETE ON judge_replies BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_judge_replies_insert on judge_replies
CREATE TRIGGER analysis_input_judge_replies_insert AFTER INSERT ON judge_replies BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_judge_replies_update on judge_replies
CREATE TRIGGER analysis_input_judge_replies_update AFTER UPDATE ON judge_replies BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_judgments_delete on judgments
CREATE TRIGGER analysis_input_judgments_delete AFTER DELETE ON judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_judgments_insert on judgments
CREATE TRIGGER analysis_input_judgments_insert AFTER INSERT ON judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_judgments_update on judgments
CREATE TRIGGER analysis_input_judgments_update AFTER UPDATE ON judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_pairwise_verdicts_delete on pairwise_verdicts
CREATE TRIGGER analysis_input_pairwise_verdicts_delete AFTER DELETE ON pairwise_verdicts BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_pairwise_verdicts_insert on pairwise_verdicts
CREATE TRIGGER analysis_input_pairwise_verdicts_insert AFTER INSERT ON pairwise_verdicts BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_pairwise_verdicts_update on pairwise_verdicts
CREATE TRIGGER analysis_input_pairwise_verdicts_update AFTER UPDATE ON pairwise_verdicts BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_projects_delete on projects
CREATE TRIGGER analysis_input_projects_delete AFTER DELETE ON projects BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_projects_insert on projects
CREATE TRIGGER analysis_input_projects_insert AFTER INSERT ON projects BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_projects_update on projects
CREATE TRIGGER analysis_input_projects_update AFTER UPDATE ON projects BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_rubric_sets_delete on rubric_sets
CREATE TRIGGER analysis_input_rubric_sets_delete AFTER DELETE ON rubric_sets BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_rubric_sets_insert on rubric_sets
CREATE TRIGGER analysis_input_rubric_sets_insert AFTER INSERT ON rubric_sets BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_rubric_sets_update on rubric_sets
CREATE TRIGGER analysis_input_rubric_sets_update AFTER UPDATE ON rubric_sets BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_files_delete on run_files
CREATE TRIGGER analysis_input_run_files_delete AFTER DELETE ON run_files BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_files_insert on run_files
CREATE TRIGGER analysis_input_run_files_insert AFTER INSERT ON run_files BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_files_update on run_files
CREATE TRIGGER analysis_input_run_files_update AFTER UPDATE ON run_files BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_frame_findings_delete on run_frame_findings
CREATE TRIGGER analysis_input_run_frame_findings_delete AFTER DELETE ON run_frame_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_frame_findings_insert on run_frame_findings
CREATE TRIGGER analysis_input_run_frame_findings_insert AFTER INSERT ON run_frame_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_frame_findings_update on run_frame_findings
CREATE TRIGGER analysis_input_run_frame_findings_update AFTER UPDATE ON run_frame_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_trajectories_delete on run_trajectories
CREATE TRIGGER analysis_input_run_trajectories_delete AFTER DELETE ON run_trajectories BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_trajectories_insert on run_trajectories
CREATE TRIGGER analysis_input_run_trajectories_insert AFTER INSERT ON run_trajectories BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_trajectories_update on run_trajectories
CREATE TRIGGER analysis_input_run_trajectories_update AFTER UPDATE ON run_trajectories BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_verifications_delete on run_verifications
CREATE TRIGGER analysis_input_run_verifications_delete AFTER DELETE ON run_verifications BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_verifications_insert on run_verifications
CREATE TRIGGER analysis_input_run_verifications_insert AFTER INSERT ON run_verifications BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_verifications_update on run_verifications
CREATE TRIGGER analysis_input_run_verifications_update AFTER UPDATE ON run_verifications BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_verifier_findings_delete on run_verifier_findings
CREATE TRIGGER analysis_input_run_verifier_findings_delete AFTER DELETE ON run_verifier_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_verifier_findings_insert on run_verifier_findings
CREATE TRIGGER analysis_input_run_verifier_findings_insert AFTER INSERT ON run_verifier_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_run_verifier_findings_update on run_verifier_findings
CREATE TRIGGER analysis_input_run_verifier_findings_update AFTER UPDATE ON run_verifier_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_runs_delete on runs
CREATE TRIGGER analysis_input_runs_delete AFTER DELETE ON runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_runs_insert on runs
CREATE TRIGGER analysis_input_runs_insert AFTER INSERT ON runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_runs_update on runs
CREATE TRIGGER analysis_input_runs_update AFTER UPDATE ON runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_source_versions_delete on source_versions
CREATE TRIGGER analysis_input_source_versions_delete AFTER DELETE ON source_versions BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_source_versions_insert on source_versions
CREATE TRIGGER analysis_input_source_versions_insert AFTER INSERT ON source_versions BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_source_versions_update on source_versions
CREATE TRIGGER analysis_input_source_versions_update AFTER UPDATE ON source_versions BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_sources_delete on sources
CREATE TRIGGER analysis_input_sources_delete AFTER DELETE ON sources BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_sources_insert on sources
CREATE TRIGGER analysis_input_sources_insert AFTER INSERT ON sources BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_sources_update on sources
CREATE TRIGGER analysis_input_sources_update AFTER UPDATE ON sources BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_studies_delete on studies
CREATE TRIGGER analysis_input_studies_delete AFTER DELETE ON studies BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_studies_insert on studies
CREATE TRIGGER analysis_input_studies_insert AFTER INSERT ON studies BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_studies_update on studies
CREATE TRIGGER analysis_input_studies_update AFTER UPDATE ON studies BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_study_runs_delete on study_runs
CREATE TRIGGER analysis_input_study_runs_delete AFTER DELETE ON study_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_study_runs_insert on study_runs
CREATE TRIGGER analysis_input_study_runs_insert AFTER INSERT ON study_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_study_runs_update on study_runs
CREATE TRIGGER analysis_input_study_runs_update AFTER UPDATE ON study_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_superseded_runs_delete on superseded_runs
CREATE TRIGGER analysis_input_superseded_runs_delete AFTER DELETE ON superseded_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_superseded_runs_insert on superseded_runs
CREATE TRIGGER analysis_input_superseded_runs_insert AFTER INSERT ON superseded_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_superseded_runs_update on superseded_runs
CREATE TRIGGER analysis_input_superseded_runs_update AFTER UPDATE ON superseded_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_task_frames_delete on task_frames
CREATE TRIGGER analysis_input_task_frames_delete AFTER DELETE ON task_frames BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_task_frames_insert on task_frames
CREATE TRIGGER analysis_input_task_frames_insert AFTER INSERT ON task_frames BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_task_frames_update on task_frames
CREATE TRIGGER analysis_input_task_frames_update AFTER UPDATE ON task_frames BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_tasks_delete on tasks
CREATE TRIGGER analysis_input_tasks_delete AFTER DELETE ON tasks BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_tasks_insert on tasks
CREATE TRIGGER analysis_input_tasks_insert AFTER INSERT ON tasks BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_tasks_update on tasks
CREATE TRIGGER analysis_input_tasks_update AFTER UPDATE ON tasks BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_voter_invites_delete on voter_invites
CREATE TRIGGER analysis_input_voter_invites_delete AFTER DELETE ON voter_invites BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_voter_invites_insert on voter_invites
CREATE TRIGGER analysis_input_voter_invites_insert AFTER INSERT ON voter_invites BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_voter_invites_update on voter_invites
CREATE TRIGGER analysis_input_voter_invites_update AFTER UPDATE ON voter_invites BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_votes_delete on votes
CREATE TRIGGER analysis_input_votes_delete AFTER DELETE ON votes BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_votes_insert on votes
CREATE TRIGGER analysis_input_votes_insert AFTER INSERT ON votes BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger analysis_input_votes_update on votes
CREATE TRIGGER analysis_input_votes_update AFTER UPDATE ON votes BEGIN UPDATE analysis_inputs SET version = version + 1; END;

-- trigger runs_synthetic_identity_on_insert on runs
CREATE TRIGGER runs_synthetic_identity_on_insert BEFORE INSERT ON runs
WHEN NEW.synthetic <> (substr(NEW.config_id, 1, 10) = 'synthetic:')
  OR NEW.synthetic <> (SELECT synthetic FROM tasks WHERE tasks.id = NEW.task_id)
BEGIN
  SELECT RAISE(ABORT, 'a synthetic run needs a synthetic task and a synthetic: configuration id, and a real run neither');
END;

-- trigger runs_synthetic_identity_on_update on runs
CREATE TRIGGER runs_synthetic_identity_on_update BEFORE UPDATE OF synthetic, config_id, task_id ON runs
WHEN NEW.synthetic <> (substr(NEW.config_id, 1, 10) = 'synthetic:')
  OR NEW.synthetic <> (SELECT synthetic FROM tasks WHERE tasks.id = NEW.task_id)
BEGIN
  SELECT RAISE(ABORT, 'a synthetic run needs a synthetic task and a synthetic: configuration id, and a real run neither');
END;

-- trigger search_pending_judgments_delete on judgments
CREATE TRIGGER search_pending_judgments_delete AFTER DELETE ON judgments BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_judgments_insert on judgments
CREATE TRIGGER search_pending_judgments_insert AFTER INSERT ON judgments BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_judgments_update on judgments
CREATE TRIGGER search_pending_judgments_update AFTER UPDATE ON judgments BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_run_frame_findings_delete on run_frame_findings
CREATE TRIGGER search_pending_run_frame_findings_delete AFTER DELETE ON run_frame_findings BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_run_frame_findings_insert on run_frame_findings
CREATE TRIGGER search_pending_run_frame_findings_insert AFTER INSERT ON run_frame_findings BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_run_trajectories_delete on run_trajectories
CREATE TRIGGER search_pending_run_trajectories_delete AFTER DELETE ON run_trajectories BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_run_trajectories_insert on run_trajectories
CREATE TRIGGER search_pending_run_trajectories_insert AFTER INSERT ON run_trajectories BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_run_trajectories_update on run_trajectories
CREATE TRIGGER search_pending_run_trajectories_update AFTER UPDATE ON run_trajectories BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_run_verifier_findings_delete on run_verifier_findings
CREATE TRIGGER search_pending_run_verifier_findings_delete AFTER DELETE ON run_verifier_findings BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_run_verifier_findings_insert on run_verifier_findings
CREATE TRIGGER search_pending_run_verifier_findings_insert AFTER INSERT ON run_verifier_findings BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_runs_delete on runs
CREATE TRIGGER search_pending_runs_delete AFTER DELETE ON runs BEGIN INSERT INTO search_pending (run_id) SELECT OLD.id WHERE OLD.id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_runs_insert on runs
CREATE TRIGGER search_pending_runs_insert AFTER INSERT ON runs BEGIN INSERT INTO search_pending (run_id) SELECT NEW.id WHERE NEW.id NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_study_runs_delete on study_runs
CREATE TRIGGER search_pending_study_runs_delete AFTER DELETE ON study_runs
BEGIN INSERT INTO search_pending (run_id) SELECT coalesce(OLD.run_id, OLD.id) WHERE coalesce(OLD.run_id, OLD.id) NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_study_runs_insert on study_runs
CREATE TRIGGER search_pending_study_runs_insert AFTER INSERT ON study_runs
WHEN NEW.trajectory_sha256 IS NOT NULL OR NEW.errors_json IS NOT NULL OR NEW.error_message IS NOT NULL
BEGIN INSERT INTO search_pending (run_id) SELECT coalesce(NEW.run_id, NEW.id) WHERE coalesce(NEW.run_id, NEW.id) NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_study_runs_update on study_runs
CREATE TRIGGER search_pending_study_runs_update AFTER UPDATE OF trajectory_sha256, errors_json, error_message, run_id ON study_runs
WHEN NEW.trajectory_sha256 IS NOT OLD.trajectory_sha256 OR NEW.errors_json IS NOT OLD.errors_json OR NEW.error_message IS NOT OLD.error_message OR NEW.run_id IS NOT OLD.run_id
BEGIN
  INSERT INTO search_pending (run_id) SELECT coalesce(NEW.run_id, NEW.id) WHERE coalesce(NEW.run_id, NEW.id) NOT IN (SELECT run_id FROM search_pending);
  INSERT INTO search_pending (run_id) SELECT coalesce(OLD.run_id, OLD.id) WHERE coalesce(OLD.run_id, OLD.id) NOT IN (SELECT run_id FROM search_pending);
END;

-- trigger search_pending_votes_delete on votes
CREATE TRIGGER search_pending_votes_delete AFTER DELETE ON votes BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_a WHERE OLD.run_a NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_votes_insert on votes
CREATE TRIGGER search_pending_votes_insert AFTER INSERT ON votes BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_a WHERE NEW.run_a NOT IN (SELECT run_id FROM search_pending); END;

-- trigger search_pending_votes_update on votes
CREATE TRIGGER search_pending_votes_update AFTER UPDATE ON votes BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_a WHERE NEW.run_a NOT IN (SELECT run_id FROM search_pending); END;

-- trigger tasks_synthetic_identity_on_update on tasks
CREATE TRIGGER tasks_synthetic_identity_on_update BEFORE UPDATE OF synthetic ON tasks
WHEN EXISTS (SELECT 1 FROM runs WHERE runs.task_id = NEW.id AND runs.synthetic <> NEW.synthetic)
BEGIN
  SELECT RAISE(ABORT, 'a task cannot change between synthetic and real while it has runs');
END;
