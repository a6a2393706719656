import { describe, expect, it } from 'vitest';
import { combinePicks } from './judge-pairs.ts';
import { buildPairwisePrompt, readPairwiseReply } from './pairwise-prompt.ts';
import type { JudgingMaterial } from '../judging/build-prompt.ts';

const material = (evidence: string): JudgingMaterial => ({ tier: 'process', context: 'Task: Pricing page\nThe run finished succeeded.', instruction: 'Build the page.', evidence: [{ type: 'text', text: evidence }], notes: [] });

describe('pairwise judging', () => {
  it('counts a verdict that flips with the side as a tie, and a tie against a pick as a tie that is no flip', () => {
    expect(combinePicks('a', 'a')).toEqual({ verdict: 'a', flipped: false });
    expect(combinePicks('a', 'b')).toEqual({ verdict: 'tie', flipped: true });
    expect(combinePicks('b', 'a')).toEqual({ verdict: 'tie', flipped: true });
    expect(combinePicks('tie', 'b')).toEqual({ verdict: 'tie', flipped: false });
    expect(combinePicks('tie', 'tie')).toEqual({ verdict: 'tie', flipped: false });
  });

  it('shows the two runs swapped in the second asking, under the same letters, and hashes the two askings apart', () => {
    const [x, y] = [material('ran the tests'), material('wrote the page')];
    const first = buildPairwisePrompt(x, y);
    const second = buildPairwisePrompt(y, x);
    const textOf = (prompt: typeof first) => prompt.turns[0]!.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(textOf(first).indexOf('ran the tests')).toBeLessThan(textOf(first).indexOf('wrote the page'));
    expect(textOf(second).indexOf('wrote the page')).toBeLessThan(textOf(second).indexOf('ran the tests'));
    expect(textOf(first)).toMatch(/## Agent A[\s\S]*## Agent B[\s\S]*"winner": "A" \| "B" \| "tie"/);
    expect(first.inputHash).not.toBe(second.inputHash);
  });

  it('reads A, B or tie in any case, fenced or in prose, and says what is wrong otherwise', () => {
    expect(readPairwiseReply('{"winner": "A", "reason": "more complete"}')).toEqual({ ok: true, value: { pick: 'first', reason: 'more complete' } });
    expect(readPairwiseReply('Here:\n```json\n{"winner": "agent b"}\n```')).toEqual({ ok: true, value: { pick: 'second', reason: '' } });
    expect(readPairwiseReply('{"winner": "Tie", "reason": ""}')).toMatchObject({ ok: true, value: { pick: 'tie' } });
    expect(readPairwiseReply('{"winner": "both"}')).toEqual({ ok: false, error: '"winner" is "both"; it must be "A", "B" or "tie"' });
    expect(readPairwiseReply('I prefer the first one.')).toMatchObject({ ok: false, error: expect.stringContaining('no JSON object') });
  });
});
