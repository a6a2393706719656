/**
 * The version of the dataset format this export writes and the import reads, stated in the
 * card's YAML header as `lh_bench_studio: {format_version: N}` (a key of our own: the Hub and
 * `datasets` keep keys they do not know and act on none of them). Raise it whenever an importer
 * of the previous version would misread the folder (a field added, removed or changed in
 * subset-fields.ts, a new split, another layout) and say in core/export/README.md what changed;
 * the import refuses a format newer than this one rather than misread it.
 *
 * 1: exports written before the card carried a version (no `lh_bench_studio` key).
 * 2: the card marks a default config, states its format version, and checks `license` against
 *    the Hub's ids (`license_name`/`license_link` for `other`); the files are as in format 1.
 * 3: runs carry `harness_version`; a harness alias (`codex-cli`) is written as its id, and
 *    `versions` no longer holds the harness build (older exports' `versions.harness` is read as
 *    the harness version on import); rubric sets carry `task_kinds`, and judgments made with a set
 *    for another task kind than their run's are not exported.
 * 4: the data room's fields say `data_room` where formats 1–3 said `course` (`course_id`,
 *    `course_title`, `course_notes`); an import of an older folder reads them under the old names.
 * 5: runs carry `sandbox` (bubblewrap or none) and `sandbox_network` (host or none), and the card
 *    says which sandboxes the runs ran in.
 * 6: judgments carry `turn`, the turn of a multi-turn run they judged (null for a run without turns);
 *    chapters carry `data_room_plans`, the data room's submitted chapter plans (annotator, when,
 *    approval, the plan as lhb-chapter-plan/1 JSON), names pseudonymised as voters' are.
 *    votes carry `fast_vote_floor_ms` (the fast-vote floor each was judged by) and `fast_vote`
 *    (cast faster than it); an import of an older folder judges its real votes by the default floor,
 *    as migration 021 did the votes already stored.
 * 7: runs carry `turns`, a multi-turn run's turns as the per-turn analysis reads them (status,
 *    duration, tokens, steps, errors and recoveries, a revision's footprint on out/); an import
 *    keeps them, the artifacts list and an imported trajectory's summary (migration 025), so
 *    `lhb analyze` reads the same figures after `lhb import hf` as before `lhb export hf`.
 * 8: a `preference_pairs` subset: the votes the analysis counts that have a winner, one row each,
 *    in the columns TRL's DPO trainer reads (prompt, chosen, rejected) with the run ids, ratings,
 *    annotator and turn; an import reads and checks it and merges `preferences` only.
 *    the `skills` subset, one row per skill version the exported studies used (SKILL.md's
 *    text and SHA-256, the version's digest, the skill's other files with their sizes and, when
 *    small and textual, their text, and the studies and configurations that used it); an import
 *    reads it and stores nothing of it.
 * 9: three subsets: `tasks` (what each exported run's and vote's task asked: instruction, later
 *    turns, task.json, a Figma task's ground-truth frames with their images copied under
 *    files/tasks/), `studies` (each exported study's resolved spec, field by field and whole,
 *    with its skill arms' digests) and `trajectories` (one row per exported run: typed steps, tool
 *    calls, errors and recoveries, per-step tokens, and the raw transcript copied under
 *    files/trajectories/); every text, copied transcripts included, redacted of local
 *    paths, the home folder and known secret values (export-redaction.ts). An import reads and
 *    checks them (a copied file must be in the folder with its size and SHA-256) and stores
 *    nothing of them.
 * 10: citations carry `start_char` and `end_char`, where the quote starts in its first line and ends
 *    in its last, in characters of the lines' plain text (as the viewer shows it); null for whole
 *    lines and for citations made before; an import keeps them.
 * 11: chapters carry every plan of a room, not only the workspace owner's: `plan` (owner, annotator
 *    or gold), `annotator` (the SME whose own plan it is, pseudonymised as voters are) and, on gold
 *    chapters, `provenance` (each curator decision: whose item, which, accepted, edited or dropped,
 *    the curator's note); `data_room_notes` are the row's plan's global notes. An import puts each
 *    chapter back in its plan; an older folder's chapters are all the owner's, as before.
 * 12: two subsets of the judges' records kept apart from `judgments`: `pairwise_verdicts` (lhb judge
 *    --pairwise: both picks with the sides swapped, the verdict, the flip, the reasons, tokens and
 *    cost) and `control_judgments` (lhb judge --control no-artifact: per-rubric scores made without
 *    the artifact, with their reply's model, tokens and cost). An import merges both, so the report's
 *    "Pairwise judging" and "Controls" sections read the same figures after `lhb import hf`.
 * 13: a `harness_guesses` subset (lhb judge --control guess-harness): every asking of a judge shown
 *    a run's blinded trajectory and asked which harness made it, with the harnesses offered in the
 *    order shown, the run's harness, the answer, whether it was right, the reasoning, a failed
 *    asking's failure, tokens and cost. An import merges it by id, so the "Controls" section's
 *    guess-harness table reads the same figures after `lhb import hf`.
 * A field added in a version says so with `since` (field-types.ts), so an import of an older
 * format expects exactly the fields that format had.
 */
export const DATASET_FORMAT_VERSION = 13;

/** The card's YAML key holding our own metadata. */
export const CARD_NAMESPACE_KEY = 'lh_bench_studio';
