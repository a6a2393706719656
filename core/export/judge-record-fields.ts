import type { Field } from './field-types.ts';

/*
 * The columns of the judges' records kept apart from `judgments`: pairwise verdicts (`lhb judge
 * --pairwise`) and control judgments (`lhb judge --control no-artifact`), format 12, and harness
 * guesses (`lhb judge --control guess-harness`), format 13, with what the analysis report's
 * "Pairwise judging" and "Controls" sections recompute their figures from.
 * subset-fields.ts lists them with the other subsets; they live here to keep that file one screen
 * per subset family.
 */

/** A pick in the pair's own terms: run A is the run whose id sorts first. */
const PICK = "a (run_a), b (run_b) or tie";

const USAGE = (of: string) =>
  [
    { name: 'tokens_input', type: 'int64', nullable: true, description: `input tokens of ${of}` },
    { name: 'tokens_output', type: 'int64', nullable: true, description: `output tokens of ${of}` },
    { name: 'cost_usd', type: 'float64', nullable: true, description: `what ${of} cost in US dollars, when the judge had a price` },
  ] as const satisfies readonly Field[];

export const PAIRWISE_VERDICT_FIELDS = [
  { name: 'verdict_id', type: 'string', description: 'the verdict' },
  { name: 'task_id', type: 'string', description: 'the task both runs did' },
  { name: 'run_a', type: 'string', description: 'the run whose id sorts first (as in preferences, so a verdict and a vote on the same two runs meet)' },
  { name: 'run_b', type: 'string', description: 'the other run' },
  { name: 'judge', type: 'string', description: 'the judge (a name for a model behind a provider)' },
  { name: 'judge_model', type: 'string', description: "the judge's model" },
  { name: 'tier', type: 'string', description: 'what each run was shown by: process (its trajectory), output (its frames beside the design) or content' },
  { name: 'status', type: 'string', description: 'ok, or failed (no picks; see failure)' },
  { name: 'first_pick', type: 'string', nullable: true, description: `the pick with run_a shown first (on the left): ${PICK}; null when failed` },
  { name: 'second_pick', type: 'string', nullable: true, description: `the pick with run_b shown first, in the same run_a/run_b terms: ${PICK}; null when failed` },
  { name: 'verdict', type: 'string', nullable: true, description: `the pick both askings agree on, else tie: ${PICK}; null when failed` },
  { name: 'flipped', type: 'bool', description: 'the two askings picked different runs: the side shown decided, not the work (the verdict is then a tie)' },
  { name: 'first_reason', type: 'string', nullable: true, description: "the judge's reason in the asking with run_a shown first" },
  { name: 'second_reason', type: 'string', nullable: true, description: "the judge's reason in the asking with run_b shown first" },
  { name: 'failure', type: 'string', nullable: true, description: 'why no verdict could be made' },
  ...USAGE('both askings together'),
  { name: 'created_at', type: 'timestamp', description: 'when it was judged' },
] as const satisfies readonly Field[];

export const CONTROL_JUDGMENT_FIELDS = [
  { name: 'control_judgment_id', type: 'string', description: 'the control judgment' },
  { name: 'control', type: 'string', description: 'the control it was made under: no-artifact (the judge saw the task and the rubrics, nothing the run made)' },
  { name: 'run_id', type: 'string', description: 'the run it scored' },
  { name: 'task_id', type: 'string', description: "the run's task" },
  { name: 'judge', type: 'string', description: 'the judge (as in judgments: the report compares it with the same judge’s real judgments of the same run and rubric)' },
  { name: 'judge_model', type: 'string', description: "the judge's model" },
  { name: 'tier', type: 'string', description: 'process, output or content' },
  { name: 'rubric_set', type: 'string', description: "the rubric set's name" },
  { name: 'rubric_set_version', type: 'string', description: 'the rubric set version' },
  { name: 'rubric', type: 'string', description: 'the rubric (criterion) scored' },
  { name: 'scale', type: 'int8', description: '3 (scores 0–2) or 5 (scores 1–5)' },
  { name: 'turn', type: 'int8', nullable: true, description: 'the turn of a multi-turn run it scored; null for a run without turns' },
  { name: 'status', type: 'string', description: 'ok, or failed (no score; see failure)' },
  { name: 'score', type: 'int8', nullable: true, description: 'the score on the scale; null when failed' },
  { name: 'level', type: 'string', nullable: true, description: 'the anchored level the judge matched' },
  { name: 'evidence', type: 'string', description: 'what the judge cited' },
  { name: 'failure', type: 'string', nullable: true, description: 'why the reply could not be used' },
  { name: 'reply_id', type: 'string', description: "the judge's reply it came from: one reply scores every rubric of a set, so rows with one reply_id share its tokens and cost (count them once)" },
  ...USAGE('that reply'),
  { name: 'created_at', type: 'timestamp', description: 'when it was judged' },
] as const satisfies readonly Field[];

export const HARNESS_GUESS_FIELDS = [
  { name: 'guess_id', type: 'string', description: 'the asking: every asking is a row, a failed one kept beside the one asked again' },
  { name: 'run_id', type: 'string', description: 'the run the judge was shown' },
  { name: 'task_id', type: 'string', description: "the run's task" },
  { name: 'judge', type: 'string', description: 'the judge (a name for a model behind a provider)' },
  { name: 'judge_model', type: 'string', description: "the judge's model" },
  { name: 'tier', type: 'string', description: "what the judge was shown: process (the run's trajectory, blinded and condensed as a process-tier judge reads it)" },
  { name: 'turn', type: 'int8', nullable: true, description: 'the turn of a multi-turn run it was shown at; null for a run without turns' },
  { name: 'harness', type: 'string', description: "the harness that made the run: the answer a right guess names" },
  { name: 'choices', type: { list: 'string' }, description: 'the harnesses offered, in the order the question listed them ("cannot tell" was offered after them)' },
  { name: 'status', type: 'string', description: 'ok, or failed (no answer; see failure)' },
  { name: 'guess', type: 'string', nullable: true, description: 'the harness the judge named (one of choices), or "cannot tell"; null when failed' },
  { name: 'correct', type: 'bool', nullable: true, description: 'the guess names the run\'s harness ("cannot tell" is never correct); null when failed' },
  { name: 'reason', type: 'string', description: "the judge's reasoning: what in the trajectory pointed to its answer" },
  { name: 'failure', type: 'string', nullable: true, description: 'why the reply could not be used' },
  ...USAGE('that asking'),
  { name: 'created_at', type: 'timestamp', description: 'when it was asked; the report reads each judge\'s newest ok answer about each run' },
] as const satisfies readonly Field[];
