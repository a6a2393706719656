import { describe, expect, it } from 'vitest';
import { REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import { tableToMarkdown } from '../../schemas/table-markdown.ts';
import { renderAnalysisMarkdown } from '../analysis/report-markdown.ts';
import { CollectionFacts } from './collection-facts.ts';
import { renderDatasetCard } from './dataset-card.ts';

// One table model, three renderings: the Analysis screen shows these same tables
// (renderer/analysis/ReportTable.test.tsx renders this fixture's), `lhb analyze --md` and the
// dataset card print them here. Every one takes each cell's text from the model, so κ, Elo and
// rates read the same digits everywhere.
const card = renderDatasetCard({
  projectName: 'Fixture',
  license: { id: 'mit' },
  format: 'jsonl',
  subsets: ['preferences', 'judgments'],
  files: [],
  pseudonymised: false,
  includesSynthetic: false,
  facts: new CollectionFacts(),
  analysis: report,
});
const markdown = renderAnalysisMarkdown(report);

describe('the report’s tables in the Markdown report and the dataset card', () => {
  it('print the agreement, leaderboard, alignment and Elo tables whole and alike', () => {
    const leaderboards = report.tables.leaderboards.flatMap((section) => section.boards.map((board) => board.table));
    const alignment = report.tables.alignment.flatMap((group) => [group.judges, group.winRates, group.pairs]);
    for (const table of [report.tables.agreement.byRubric, ...leaderboards, ...alignment.slice(3), report.tables.preference.elo]) {
      const printed = tableToMarkdown(table);
      expect(markdown, table.id).toContain(printed);
      expect(card, table.id).toContain(printed);
    }
    expect(card).toContain('| output.completeness | v2 | 0.702 | [0.611, 0.780] | substantial | 0.0021 | 3 |');
    // Ranks by the intervals: Claude's and Codex's Elo intervals overlap (one rank), Gemini's lies below both.
    expect(card).toContain('| claude-code · claude-sonnet-4.5 · skill v2 | 1 | 1061.4 | [1032.1, 1093.8] |');
    expect(card).toContain('| codex-cli · gpt-5 · skill v2 | 1 | 1012.8 | [983.4, 1041.1] |');
    expect(card).toContain('| gemini-cli · gemini-2.5-pro · skill v1 | 3 | 925.8 | [889.0, 958.6] |');
    expect(card).toContain("LMArena's rule");
    expect(card).toContain('| claude-opus-4.1 | 154 | 71.4% | 0.552 | [0.440, 0.650] | 10.6% | 16.2% |');
    expect(card).toContain('#### Output tier · figma-output v2 · 5-point scale (1–5)');
    expect(card).toContain('| codex-cli · gpt-5 · skill v2 | gemini-cli · gemini-2.5-pro · skill v1 | 42 | 71.4% | — | — |');
    // The process set's alignment rests on no vote: a sentence, not three empty tables, in both.
    expect(markdown).toContain('### Process tier · generic-process v1 · 5-point scale (1–5)\n\n_No human vote on a pair both of whose runs were scored with this set._');
    expect(card).toContain('#### Process tier · generic-process v1 · 5-point scale (1–5)\n\n_No human vote on a pair both of whose runs were scored with this set._');
    expect(markdown).toContain('### Output tier · figma-output v2\n');
    expect(card).toContain('| too few tasks for an interval |');
  });

  it('print the multi-turn tables whole and alike', () => {
    for (const table of [report.tables.turns.byTurn, report.tables.turns.revisions]) {
      expect(markdown, table.id).toContain(tableToMarkdown(table));
      expect(card, table.id).toContain(tableToMarkdown(table));
    }
    expect(card).toContain('## Multi-turn runs');
    expect(card).toContain('| claude-code · claude-sonnet-4.5 · skill v2 | 2 | 6 | 1.50 | 38.17 | 87.3% |');
  });

  it('count in words that agree with their numbers: "1 annotator", not "1 annotators"', () => {
    const small = { ...report, study: { ...report.study, votes: 5, annotators: 1, judgments: 1, judges: ['one-judge'], tasks: 1 } };
    const one = renderDatasetCard({ projectName: 'Small', license: { id: 'mit' }, format: 'jsonl', subsets: ['preferences'], files: [], pseudonymised: false, includesSynthetic: false, facts: new CollectionFacts(), analysis: small });
    expect(one).toContain('5 votes by 1 annotator, 1 judgment by 1 judge, 1 task.');
    expect(card).toMatch(/\d+ votes by \d+ annotators, [\d,]+ judgments by \d+ judges, \d+ tasks\./);
  });

  it('read the overall κ and the position bias with the tables’ digits', () => {
    // The screen's readings, printed by both from the same blocks.
    for (const printed of [markdown, card]) {
      expect(printed).toContain('Mean pairwise quadratic κ 0.641 (substantial), 95% CI [0.573, 0.702] over tasks; cross-judge variance 0.0039.');
      expect(printed).toContain('Left chosen in 53.9% of 154 decided votes (83 left), two-sided binomial p = 0.3573.');
    }
    // Of the votes, the card keeps the Elo ratings and the position bias; the Markdown report prints every part.
    expect(card).not.toContain(tableToMarkdown(report.tables.preference.pairwise));
    expect(markdown).toContain(tableToMarkdown(report.tables.preference.pairwise));
  });

  it('print the skill ablation’s tables per harness, with the note on unpaired runs', () => {
    for (const group of report.tables.ablation) {
      for (const table of [group.arms, group.scores, group.paired, group.pairs, group.unpaired]) {
        const printed = tableToMarkdown(table);
        expect(markdown, table.id).toContain(printed);
        expect(card, table.id).toContain(printed);
      }
    }
    expect(card).toContain('## Skill ablation');
    expect(card).toContain('### claude-code · claude-sonnet-4.5');
    expect(card).toContain('| v2 | 12 | 91.7% | 91.7% | 1.25 | 80.0% | [60.0%, 95.0%] | $1.07 | -42.0% | 265,010 | 15,402 |');
    expect(card).toContain('1 run of skill none or v2 has no counterpart in the other arm at the same study, task and repeat');
    expect(card).toContain('| v2 − none | Skill ablation, summer | 6 | 1 | 0 |');
    // The report's scope, as every view states it.
    expect(card).toContain('**All studies and imported runs.**');
    expect(markdown).toContain('**All studies and imported runs.**');
    expect(markdown).toContain('| v2 − none | Output tier · figma-output v2 · 5-point scale (1–5) | Set score (weighted) | 12 | +0.49 | [+0.27, +0.73] | 10 | 1 | 1 | 0.0117 |');
  });
});
