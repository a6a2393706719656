import { useEffect } from 'react';
import { JudgeTierSchema, type JudgeTier } from '../../schemas/judge.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { FieldProblem, markedBy } from '../ui/FieldProblem.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { PairSourceSchema, type PairSource } from '../../schemas/pairwise-judging.ts';
import { ASK_WORDS, JUDGING_ASKS, asksRubrics, fixedTierOf, useJudgingStore, type JudgingAsk, type JudgingField } from './judging-store.ts';

const PAIR_WORDS: Record<PairSource | 'auto', string> = {
  auto: 'The pairs people voted on, else every pair',
  voted: 'Only the pairs people voted on',
  all: 'Every pair of configurations per task',
};
const PAIR_CHOICES = ['auto', ...PairSourceSchema.options] as const;

/** Configure judges and start a judging job: what to ask (scores, pairwise verdicts, a control), tier, scale, rubric sets or pairs; progress with the cost so far; Cancel. */
export function JudgingRegion() {
  const client = useConnectedClient();
  const { judgesText, tier, scale, rubricSets, ask, pairs, phase, done, total, message, fieldProblem } = useJudgingStore();
  const pairwise = ask === 'pairwise';
  const rubrics = asksRubrics(ask);
  // An asking bound to one tier (a harness guess is made from the trajectory) leaves no tier to choose.
  const tierFixed = fixedTierOf(ask) !== undefined;
  const store = useJudgingStore.getState();
  useEffect(() => (client ? useJudgingStore.getState().connect(client) : undefined), [client]);
  const running = phase === 'starting' || phase === 'judging';
  // A refusal the server placed on a field: the field is marked and names its message, shown beside it.
  const problemOf = (field: JudgingField) => (fieldProblem?.field === field ? fieldProblem.message : undefined);
  const marked = (field: JudgingField) => markedBy(`judging-${field}-problem`, problemOf(field));
  const problem = (field: JudgingField) => <FieldProblem id={`judging-${field}-problem`} message={problemOf(field)} />;
  return (
    <section className="screen-region judge-region judge-judging" aria-labelledby="judge-judging-title">
      <h2 id="judge-judging-title">Judge runs</h2>
      <p className="muted judge-rubrics__intro">
        Every run that has what the tier needs is judged by every judge against each rubric set (process: the trajectory; output: frames beside the design;
        content: presentation or video frames). Pairwise, each judge picks one of two runs of a task, asked again with the sides swapped, and a verdict that flips
        counts as a tie; a control's judgments are kept apart and never counted as scores. Replies already stored for the same input are reused, so starting again
        asks only what is missing. API keys are read from each judge's environment variable on the server, never stored.
      </p>
      <form
        className="judge-judging__form"
        onSubmit={(event) => {
          event.preventDefault();
          void store.start();
        }}
      >
        <label className="judge-judging__judges">
          Judges (JSON, as the README's “Judging” section describes)
          <textarea value={judgesText} rows={6} spellCheck={false} {...marked('judges')} onChange={(event) => store.setJudgesText(event.target.value)} disabled={running} />
        </label>
        {problem('judges')}
        <div className="judge-judging__choices">
          <label>
            Ask for
            <select value={ask} onChange={(event) => store.setAsk(event.target.value as JudgingAsk)} disabled={running}>
              {JUDGING_ASKS.map((option) => (
                <option key={option} value={option}>
                  {ASK_WORDS[option]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Tier
            <select value={tier} {...marked('tier')} onChange={(event) => store.setTier(event.target.value as JudgeTier)} disabled={running || tierFixed}>
              {JudgeTierSchema.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          {problem('tier')}
          {pairwise && (
            <label>
              Pairs
              <select value={pairs} {...marked('pairs')} onChange={(event) => store.setPairs(event.target.value as PairSource | 'auto')} disabled={running}>
                {PAIR_CHOICES.map((option) => (
                  <option key={option} value={option}>
                    {PAIR_WORDS[option]}
                  </option>
                ))}
              </select>
            </label>
          )}
          {pairwise && problem('pairs')}
          {rubrics && (
            <>
              <label>
                Scale
                <select value={scale} {...marked('scale')} onChange={(event) => store.setScale(event.target.value === '3' ? 3 : 5)} disabled={running}>
                  <option value={5}>5 points (1–5)</option>
                  <option value={3}>3 points (0–2)</option>
                </select>
              </label>
              {problem('scale')}
              <label>
                Rubric sets
                <input value={rubricSets} placeholder="expert sets of the tier" {...marked('rubricSets')} onChange={(event) => store.setRubricSets(event.target.value)} disabled={running} />
              </label>
              {problem('rubricSets')}
            </>
          )}
          <button type="submit" disabled={running || !client}>
            {pairwise ? 'Start pairwise judging' : ask === 'scores' ? 'Start judging' : 'Start the control'}
          </button>
          {running && (
            <button type="button" onClick={() => void store.cancel()}>
              Cancel judging
            </button>
          )}
        </div>
      </form>
      {phase !== 'idle' && (
        <div className="judge-judging__status" role="status">
          {running && <ProgressBar label="Judging progress" done={done} total={total} />}
          <p className={phase === 'failed' ? 'judge-warning' : 'muted'}>{message}</p>
        </div>
      )}
    </section>
  );
}
