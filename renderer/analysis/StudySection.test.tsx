import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import { StudyPicker } from './StudyPicker.tsx';
import { StudySection } from './StudySection.tsx';

describe('the Study region', () => {
  it('says which studies the report counts', () => {
    const scoped = { ...report, study: { ...report.study, scope: [{ id: 'study-two', label: 'second-pass' }] } };
    expect(renderToStaticMarkup(<StudySection report={scoped} />)).toContain('<p class="analysis-study__scope">Study: second-pass.</p>');
    expect(renderToStaticMarkup(<StudySection report={report} />)).toContain('<p class="analysis-study__scope">All studies and imported runs.</p>');
  });

  it('tells the reader how to change what is counted with its own tick box, and where left-out judgments are marked, never naming a CLI flag, command or request field', () => {
    const counted = { ...report, study: { ...report.study, fastVotes: { excluded: false, votes: 2 }, repeatVotes: { counted: false, votes: 3 }, judgmentsLeftOut: 1 } };
    const html = renderToStaticMarkup(<StudySection report={counted} />);
    expect(html).toContain('2 fast votes (cast sooner after their pair was shown than the fast-vote floor) are counted; leave them out with “Leave out fast votes” below.</p>');
    expect(html).toContain("3 repeat votes (an annotator voting again on a pair they had already voted on) are left out: each annotator&#x27;s first vote on a pair counts.</p>");
    expect(html).toContain('/>Leave out fast votes</label>');
    expect(html).toContain('left out of every figure (kept, and marked on the Judges screen).</p>');
    expect(html).not.toMatch(/--[a-z]|lhb |excludeFastVotes|countRepeats/);
  });

  it('offers a tick box per study, the chosen ones ticked, and none in a workspace without studies', () => {
    const studies = [{ id: 'study-one', label: 'first-pass' }, { id: 'study-two', label: 'second-pass' }];
    const html = renderToStaticMarkup(<StudyPicker studies={studies} chosen={['study-two']} onChange={() => {}} />);
    expect(html).toContain('<legend>Studies</legend>');
    expect(html).toContain('<input type="checkbox"/>first-pass');
    expect(html).toContain('<input type="checkbox" checked=""/>second-pass');
    expect(renderToStaticMarkup(<StudyPicker studies={[]} chosen={[]} onChange={() => {}} />)).toBe('');
  });
});
