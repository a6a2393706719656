import { RUN_STATUS_FILTERS, type RunsFilterTerm } from '../../schemas/runs-filter.ts';
import { ErrorTypeSchema } from '../../schemas/trajectory.ts';
import { describedBy, FieldProblem } from '../ui/FieldProblem.tsx';
import { useRunsStore } from './runs-store.ts';
import { useStudiesStore } from './studies-store.ts';

const STATUS_WORDS: Record<(typeof RUN_STATUS_FILTERS)[number], string> = {
  succeeded: 'Succeeded',
  'no-output': 'No output',
  failed: 'Failed',
  timeout: 'Timed out',
  cancelled: 'Cancelled',
};

/**
 * The Runs table's filters: every one set must hold. Each control writes its term as the address
 * keeps it; a value that cannot be read is named beside its control, and the table waits for it.
 */
export function RunsFilterBar() {
  const terms = useRunsStore((s) => s.runsTerms);
  const problems = useRunsStore((s) => s.termProblems);
  const tasks = useRunsStore((s) => s.tasks);
  const selectedTaskId = useRunsStore((s) => s.selectedTaskId);
  const studies = useStudiesStore((s) => s.studies);
  const { setRunsTerm, clearRunsTerms, selectTask, clearTask } = useRunsStore.getState();
  const problemOf = (term: RunsFilterTerm) => problems.find((problem) => problem.term === term)?.message;
  const [scoreFrom, scoreTo] = terms.score?.split('..') ?? ['', ''];
  const setScore = (from: string, to: string) => setRunsTerm('score', from === '' && to === '' ? '' : `${from}..${to}`);
  const anySet = Object.values(terms).some((value) => value !== undefined && value !== '') || selectedTaskId !== undefined;

  const text = (term: Exclude<RunsFilterTerm, 'task' | 'score'>, label: string, placeholder: string) => (
    <label className="runs-field">
      <span>{label}</span>
      <input
        type="text"
        value={terms[term] ?? ''}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={problemOf(term) ? true : undefined}
        aria-describedby={describedBy(problemOf(term) && `runs-filter-${term}-problem`)}
        onChange={(e) => setRunsTerm(term, e.target.value)}
      />
      <FieldProblem id={`runs-filter-${term}-problem`} message={problemOf(term)} />
    </label>
  );

  return (
    <fieldset className="runs-filters">
      <legend>Filter runs</legend>
      <label className="runs-field">
        <span>Task</span>
        <select value={selectedTaskId ?? ''} onChange={(e) => (e.target.value === '' ? clearTask() : selectTask(e.target.value))}>
          <option value="">All tasks</option>
          {tasks.map((task) => (
            <option key={task.id} value={task.id}>
              {task.title}
            </option>
          ))}
        </select>
      </label>
      <label className="runs-field">
        <span>Study</span>
        <select value={terms.study ?? ''} onChange={(e) => setRunsTerm('study', e.target.value)}>
          <option value="">Any study</option>
          {studies.map((study) => (
            <option key={study.id} value={study.id}>
              {study.name}
            </option>
          ))}
          {terms.study && !studies.some((study) => study.id === terms.study) && <option value={terms.study}>{terms.study}</option>}
        </select>
      </label>
      {text('configuration', 'Harness or harness/model', 'codex/gpt-5-codex')}
      {text('skill-version', 'Skill version', 'v2')}
      <label className="runs-field">
        <span>Status</span>
        <select value={terms.status ?? ''} onChange={(e) => setRunsTerm('status', e.target.value)}>
          <option value="">Any status</option>
          {RUN_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {STATUS_WORDS[status]}
            </option>
          ))}
        </select>
      </label>
      <label className="runs-field">
        <span>Error in the trajectory</span>
        <select value={terms['error-type'] ?? ''} onChange={(e) => setRunsTerm('error-type', e.target.value)}>
          <option value="">Any or none</option>
          {ErrorTypeSchema.options.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      {text('finding', 'Verifier or capture finding', 'blank-render')}
      <fieldset className="runs-filters__score" aria-describedby={describedBy(problemOf('score') && 'runs-filter-score-problem')}>
        <legend>Mean judge score (1–5)</legend>
        <label>
          <span>from</span>
          <input type="number" min={1} max={5} step={0.5} value={scoreFrom ?? ''} aria-invalid={problemOf('score') ? true : undefined} onChange={(e) => setScore(e.target.value, scoreTo ?? '')} />
        </label>
        <label>
          <span>to</span>
          <input type="number" min={1} max={5} step={0.5} value={scoreTo ?? ''} aria-invalid={problemOf('score') ? true : undefined} onChange={(e) => setScore(scoreFrom ?? '', e.target.value)} />
        </label>
        <FieldProblem id="runs-filter-score-problem" message={problemOf('score')} />
      </fieldset>
      <label className="runs-field">
        <span>Votes won, at least</span>
        <input type="number" min={0} step={1} value={terms.won ?? ''} aria-invalid={problemOf('won') ? true : undefined} onChange={(e) => setRunsTerm('won', e.target.value)} />
        <FieldProblem id="runs-filter-won-problem" message={problemOf('won')} />
      </label>
      <button type="button" disabled={!anySet} onClick={() => (clearTask(), clearRunsTerms())}>
        Clear filters
      </button>
    </fieldset>
  );
}
