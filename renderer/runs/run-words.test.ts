import { describe, expect, it } from 'vitest';
import { artifactsText, runsCaption, timeRangeText, versionsText } from './run-words.ts';

describe('start and finish', () => {
  const inBerlin = { locale: 'en-GB', timeZone: 'Europe/Berlin' };
  const plain = (text: string) => text.replace(/\u2009/g, ' ');

  it('show one date when the run stayed within a day, in the user’s locale and zone', () => {
    expect(timeRangeText('2025-10-06T09:15:30Z', '2025-10-06T09:59:30Z', inBerlin)).toBe('6 Oct 2025, 11:15–11:59 CEST (44 min)');
  });

  it('date the finish when it is another day', () => {
    expect(plain(timeRangeText('2025-10-06T21:50:00Z', '2025-10-06T22:10:00Z', inBerlin))).toBe('6 Oct 2025, 23:50 CEST – 7 Oct 2025, 00:10 CEST (20 min)');
  });

  it('leave out a negative duration and say which stamps cannot be read', () => {
    expect(timeRangeText('2025-10-06T10:00:00Z', '2025-10-06T09:00:00Z', inBerlin)).toBe('6 Oct 2025, 12:00 CEST – 6 Oct 2025, 11:00 CEST');
    expect(timeRangeText('', 'later')).toBe('unknown time – unknown time (later)');
  });
});

describe('versions', () => {
  it('list skill and harness first, then the other components by name', () => {
    expect(versionsText({ harness: '2.0.14', skill: 'v2' })).toBe('skill v2, harness 2.0.14');
    expect(versionsText({ node: '20.19.0', harness: '2.0.14', chromium: '140', skill: 'v2' })).toBe('skill v2, harness 2.0.14, chromium 140, node 20.19.0');
    expect(versionsText({ model_snapshot: '2025-09' })).toBe('model_snapshot 2025-09');
    expect(versionsText({})).toBe('none recorded');
  });

  it('show a run\'s harness version among them', () => {
    expect(versionsText({ skill: 'v1' }, '0.46.0')).toBe('skill v1, harness 0.46.0');
    expect(versionsText({}, null)).toBe('none recorded');
  });
});

describe('artifacts', () => {
  it('name what the bundle brought', () => {
    expect(artifactsText({ hasBuild: true, frames: 3, hasVideo: true })).toBe('build, 3 frames, video');
    expect(artifactsText({ hasBuild: true, frames: 1, hasVideo: false })).toBe('build, 1 frame');
    expect(artifactsText({ hasBuild: false, frames: 0, hasVideo: false })).toBe('no artifacts');
  });
});

describe('the runs caption', () => {
  const finding = { nodeId: '1:2', kind: 'blank-render', detail: '' };
  it('counts runs and findings, and says which runs are synthetic', () => {
    expect(runsCaption([{ findings: [], synthetic: false }], 'Pricing')).toBe('1 run of Pricing');
    expect(runsCaption([{ findings: [finding], synthetic: false }, { findings: [], synthetic: false }], 'Pricing')).toBe('2 runs of Pricing; 1 with capture findings');
    expect(runsCaption([{ findings: [], synthetic: true }, { findings: [], synthetic: true }], 'Synthetic: Settings')).toBe(
      '2 runs of Synthetic: Settings; all synthetic (generated for the demo study, never executed)',
    );
    expect(runsCaption([{ findings: [], synthetic: true }, { findings: [], synthetic: false }], 'Mixed')).toBe('2 runs of Mixed; 1 synthetic (generated for the demo study, never executed)');
  });
});
