import { describe, expect, it } from 'vitest';
import { CANNOT_TELL } from '../../../schemas/judging.ts';
import { compareGuessesWithChance, type HarnessGuess } from '../../analysis/harness-guess-control.ts';
import { binomialTest } from '../../stats/binomial-test.ts';
import { buildGuessHarnessPrompt, harnessChoicesFor, readGuessReply } from './guess-harness-prompt.ts';

const CHOICES = ['codex', 'gemini-cli', 'claude-code'];

describe('the guess-harness prompt', () => {
  it('lists the harnesses by name in the order given, then "cannot tell", after the material a process judge reads', () => {
    const prompt = buildGuessHarnessPrompt({ tier: 'process', context: 'Task: build a page.', instruction: 'Build it.', evidence: [{ type: 'text', text: "### The agent's trajectory, condensed\nread(x) → ok" }], notes: [] }, CHOICES);
    const text = prompt.turns[0]!.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(text.indexOf("### The agent's trajectory")).toBeLessThan(text.indexOf('## Question'));
    expect(text).toContain('## Question\nWhich of these harnesses made this run?\n- Codex CLI\n- Gemini CLI\n- Claude Code\n- cannot tell');
  });

  it('offers each run its own shuffled order, the same every time it is asked', () => {
    const harnesses = ['claude-code', 'codex', 'gemini-cli'];
    const orders = new Map<string, number>();
    for (let i = 0; i < 120; i++) {
      const order = harnessChoicesFor(`run-${i}`, harnesses);
      expect([...order].sort()).toEqual(harnesses);
      expect(harnessChoicesFor(`run-${i}`, [...harnesses].reverse())).toEqual(order);
      orders.set(order.join(), (orders.get(order.join()) ?? 0) + 1);
    }
    // 120 runs over the six orders of three names: each order comes up, none far more than its 20.
    expect(orders.size).toBe(6);
    for (const times of orders.values()) expect(times).toBeGreaterThanOrEqual(8);
    for (const times of orders.values()) expect(times).toBeLessThanOrEqual(35);
  });
});

describe('reading a guess', () => {
  it('takes a listed name or id in any case, in a fenced block or prose, and "cannot tell"', () => {
    expect(readGuessReply('{"harness": "Gemini CLI", "reasoning": "the tools"}', CHOICES)).toEqual({ ok: true, value: { guess: 'gemini-cli', reason: 'the tools' } });
    expect(readGuessReply('Sure.\n```json\n{"harness": "codex"}\n```', CHOICES)).toEqual({ ok: true, value: { guess: 'codex', reason: '' } });
    expect(readGuessReply('{"harness": "  CLAUDE   code "}', CHOICES)).toMatchObject({ ok: true, value: { guess: 'claude-code' } });
    expect(readGuessReply('{"harness": "Cannot tell", "reasoning": "nothing shows"}', CHOICES)).toEqual({ ok: true, value: { guess: CANNOT_TELL, reason: 'nothing shows' } });
  });

  it('says what is wrong with a reply it cannot use, so the repair request can quote it', () => {
    expect(readGuessReply('I think it was one of them.', CHOICES)).toEqual({ ok: false, error: 'the reply contains no JSON object; reply with the JSON object only' });
    expect(readGuessReply('{"answer": "Codex"}', CHOICES)).toMatchObject({ ok: false, error: expect.stringContaining('no "harness" string') });
    const unknown = readGuessReply('{"harness": "Aider"}', CHOICES);
    expect(unknown).toMatchObject({ ok: false, error: expect.stringContaining('"harness" is "Aider", which is not one of the names listed ("Codex CLI", "Gemini CLI", "Claude Code", "cannot tell")') });
    expect(readGuessReply('', CHOICES)).toMatchObject({ ok: false, error: expect.stringContaining('the reply was empty') });
  });
});

describe('guesses against chance', () => {
  const guesses = (judge: string, rows: [harness: string, guess: string][], offered = 3): HarnessGuess[] => rows.map(([harness, guess]) => ({ judge, harness, guess, offered }));

  it('takes the largest harness’s share as chance when the runs are unbalanced, and counts "cannot tell" as wrong', () => {
    // Six runs of one harness, two of another: always naming the first is right 6 times in 8.
    const always = guesses('always-a', [...Array(6).fill(['a', 'a']), ['b', 'a'], ['b', 'a']] as [string, string][], 2);
    const [row] = compareGuessesWithChance(always);
    expect(row).toMatchObject({ judge: 'always-a', runs: 8, correct: 6, harnesses: 2, chance: 0.75, chanceBasis: 'largest-share', accuracy: 0.75, leaks: false });
    expect(row!.pValue).toBeCloseTo(binomialTest(6, 8, 0.75, 'greater'), 12);
    const [unsure] = compareGuessesWithChance(guesses('unsure', [['a', CANNOT_TELL], ['b', CANNOT_TELL], ['c', 'c']]));
    expect(unsure).toMatchObject({ correct: 1, cannotTell: 2, chance: 1 / 3, chanceBasis: 'uniform' });
  });

  it('flags a judge only when its interval’s lower bound is above chance', () => {
    const rows = (right: number, of: number) => Array.from({ length: of }, (_, i): [string, string] => [['a', 'b', 'c'][i % 3]!, i < right ? ['a', 'b', 'c'][i % 3]! : CANNOT_TELL]);
    // 5 of 6 at chance 1/3: Wilson lower bound 0.4365 (SciPy); 4 of 6: 0.29999.
    expect(compareGuessesWithChance(guesses('j', rows(5, 6)))[0]).toMatchObject({ leaks: true });
    expect(compareGuessesWithChance(guesses('j', rows(4, 6)))[0]).toMatchObject({ leaks: false });
    expect(compareGuessesWithChance(guesses('j', rows(5, 6)))[0]!.lo).toBeCloseTo(0.43649717781352976, 12);
  });
});
