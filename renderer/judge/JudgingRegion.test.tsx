import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { JudgingRegion } from './JudgingRegion.tsx';
import { createJudgingStore, type JudgingState } from './judging-store.ts';
import type * as JudgingStoreModule from './judging-store.ts';

// A server render reads a zustand store's initial state, so the region reads this state instead.
const shownState = vi.hoisted(() => ({ current: undefined as unknown as JudgingState }));
vi.mock('./judging-store.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof JudgingStoreModule>();
  const useStore = <T,>(selector?: (state: JudgingState) => T): T | JudgingState => (selector ? selector(shownState.current) : shownState.current);
  return { ...actual, useJudgingStore: Object.assign(useStore, { getState: () => shownState.current }) };
});

function shown(state: Partial<JudgingState>): string {
  shownState.current = { ...createJudgingStore().getState(), ...state };
  return renderToStaticMarkup(<JudgingRegion />);
}

describe('the Judge runs form after the server refused it', () => {
  it('places a refusal that names the rubric sets beside them: the field is marked and names the message, the status says the form was refused', () => {
    const refusal = 'There is no rubric set nope at 5 points. Sets of the output tier: figma-output@v1 (5-point). Nothing was judged.';
    const html = shown({ phase: 'failed', message: 'Could not start judging: fix the field marked above and start again.', fieldProblem: { field: 'rubricSets', message: refusal } });
    expect(html).toMatch(/<input[^>]*placeholder="expert sets of the tier"[^>]*aria-invalid="true"[^>]*aria-describedby="judging-rubricSets-problem"/);
    expect(html).toContain(`<p id="judging-rubricSets-problem" class="study-form__problem" role="alert">${refusal}</p>`);
    expect(html).toMatch(/role="status">.*Could not start judging: fix the field marked above and start again\./);
    expect(html).not.toMatch(/<textarea[^>]*aria-invalid/);
  });

  it('keeps a refusal that names no field in the status, marking no field', () => {
    const html = shown({ phase: 'failed', message: "Could not start judging: The app's server has no KEY in its environment", fieldProblem: null });
    expect(html).toMatch(/role="status">.*The app&#x27;s server has no KEY/);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('role="alert"');
  });
});

describe('the Judge runs form, by what it asks for', () => {
  it('offers scores, pairwise verdicts and every control; scores ask for a scale and rubric sets', () => {
    const html = shown({ ask: 'scores' });
    expect(html).toContain('Scores against rubric sets');
    expect(html).toContain('Pairwise verdicts: two runs of a task, asked twice with the sides swapped');
    expect(html).toContain('Control: no artifact (the task and rubric alone)');
    expect(html).toContain('placeholder="expert sets of the tier"');
    expect(html).not.toContain('The pairs people voted on');
    expect(html).toMatch(/<button type="submit"[^>]*>Start judging<\/button>/);
  });

  it('pairwise asks which pairs instead of a scale and rubric sets, and says so on its button', () => {
    const html = shown({ ask: 'pairwise', pairs: 'all' });
    expect(html).toMatch(/<option value="all" selected="">Every pair of configurations per task<\/option>/);
    expect(html).not.toContain('placeholder="expert sets of the tier"');
    expect(html).not.toContain('5 points (1–5)');
    expect(html).toMatch(/<button type="submit"[^>]*>Start pairwise judging<\/button>/);
  });

  it('the harness-guess control asks no rubric set or scale, and its tier is fixed at process', () => {
    const html = shown({ ask: 'guess-harness', tier: 'process' });
    expect(html).not.toContain('placeholder="expert sets of the tier"');
    expect(html).toMatch(/<select[^>]*disabled=""[^>]*><option value="process" selected="">process<\/option>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Start the control<\/button>/);
  });

  it('a control keeps the rubric sets, which it asks about without the artifact', () => {
    const html = shown({ ask: 'no-artifact' });
    expect(html).toContain('placeholder="expert sets of the tier"');
    expect(html).toMatch(/<button type="submit"[^>]*>Start the control<\/button>/);
  });
});
