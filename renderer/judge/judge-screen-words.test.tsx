import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JudgingRegion } from './JudgingRegion.tsx';
import { JudgmentsBrowser } from './JudgmentsBrowser.tsx';

describe('the Judges screen speaks its own words', () => {
  it('says what the judges field holds and how to start judging without naming the CLI', () => {
    const judging = renderToStaticMarkup(<JudgingRegion />);
    expect(judging).toContain('Judges (JSON, as the README&#x27;s “Judging” section describes)');
    const judgments = renderToStaticMarkup(<JudgmentsBrowser />);
    expect(judgments).toContain('No judgments yet. Name the judges above and press “Start judging”.');
    for (const html of [judging, judgments]) expect(html).not.toMatch(/lhb |--[a-z]/);
  });
});
