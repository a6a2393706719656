import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StudyCostSchema, type CostTotal } from '../../schemas/model-prices.ts';
import { StudyCostTable } from './StudyCostTable.tsx';

const tokens = (input: number, output: number) => ({ input, output, cacheRead: 0, cacheWrite: 0 });
const total = (usd: number, items: number, extra: Partial<CostTotal> = {}): CostTotal => ({ usd, tokens: tokens(1000 * items, 100 * items), items, unpricedModels: [], unrecorded: 0, ...extra });

/** A study of two configurations (one whose model has no price) and two judges (one that recorded no usage for a reply). */
const COST = StudyCostSchema.parse({
  studyId: 'study-1',
  agents: total(1.5, 4, { unpricedModels: ['house-model-7'] }),
  configurations: [
    { ...total(1.5, 2), configIndex: 0, harness: 'claude-code', model: 'claude-sonnet-4-5', versions: { skill: 'v2' } },
    { ...total(0, 2, { unpricedModels: ['house-model-7'] }), configIndex: 1, harness: 'codex', model: 'house-model-7', versions: {} },
  ],
  judges: total(0.0042, 3, { unrecorded: 1 }),
  byJudge: [
    { ...total(0.0042, 2), judge: 'openai-judge', model: 'gpt-5.2' },
    { ...total(0, 1, { unrecorded: 1 }), judge: 'gemini-judge', model: 'gemini-2.5-pro' },
  ],
  total: total(1.5042, 7, { unpricedModels: ['house-model-7'], unrecorded: 1 }),
  runs: {},
  pricesCheckedOn: '2026-12-06',
});

describe('a study’s cost on the Runs screen', () => {
  const html = renderToStaticMarkup(<StudyCostTable cost={COST} />);

  it('gives each configuration and each judge its row, with the date of the prices', () => {
    expect(html).toContain('prices of 2026-12-06');
    expect(html).toContain('<th scope="row">claude-code · claude-sonnet-4-5 · skill v2</th><td class="runs-table__nowrap">2 runs</td>');
    expect(html).toContain('<th scope="row">Judge openai-judge · gpt-5.2</th><td class="runs-table__nowrap">2 replies</td>');
    expect(html).toContain('$1.50');
    expect(html).toContain('$0.0042');
  });

  it('names the model with no price and the reply with no usage instead of counting them as nothing', () => {
    expect(html).toContain('at least $0.0000; no price for: house-model-7');
    expect(html).toContain('at least $0.0000; no usage recorded for 1 reply');
    expect(html).toContain('<strong>total at least $1.50; no price for: house-model-7; no usage recorded for 1 item</strong>');
  });
});
