import { describe, expect, it } from 'vitest';
import type { ReportSection } from '../../schemas/report-section.ts';
import { sectionHtml } from './section-html.ts';

const HOSTILE = '<img src=x onerror="alert(1)">&amp;';

const section: ReportSection = {
  id: 'ablation',
  title: `Ablation ${HOSTILE}`,
  withoutVotes: true,
  empty: false,
  blocks: [
    { kind: 'text', style: 'muted', text: ['Runs of ', { code: HOSTILE }, ' and ', { text: '—', title: HOSTILE }] },
    {
      kind: 'part',
      title: 'Unpaired',
      blocks: [
        {
          kind: 'table',
          table: {
            id: 'unpaired',
            caption: `Left unpaired ${HOSTILE}`,
            columns: [
              { key: 'run', header: 'Run', format: 'text' },
              { key: 'score', header: `Score ${HOSTILE}`, format: 'score' },
            ],
            rows: [
              [{ value: 'has-page', text: 'has-page' }, { value: 3.5, text: '3.50', best: true, tied: true }],
              [{ value: HOSTILE, text: HOSTILE }, { value: null, text: '—', missing: 'No judgment' }],
            ],
          },
        },
      ],
    },
  ],
};

describe('a report section as HTML', () => {
  const markup = sectionHtml(section, (id) => (id === 'has-page' ? 'runs/has-page.html' : undefined)).markup;

  it('escapes every string the section carries: title, sentences, code, captions, headers and cells', () => {
    expect(markup).not.toContain('<img');
    expect(markup.split('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;').length - 1).toBe(6);
  });

  it("links a run's cell to its page when it has one, marks the best cell as the Markdown does, and says why a value is missing", () => {
    expect(markup).toContain('<th scope="row"><a href="runs/has-page.html">has-page</a></th>');
    expect(markup).toContain('<th scope="row">&lt;img');
    expect(markup).toContain('<strong>3.50</strong> <span class="best-note">(tied best)</span>');
    expect(markup).toContain('<abbr title="No judgment">—</abbr>');
    // A part's heading sits one level under the section's.
    expect(markup).toMatch(/<h2 id="section-ablation-title">[^]*<h3>Unpaired<\/h3>/);
  });
});
