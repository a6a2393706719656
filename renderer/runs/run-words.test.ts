import { describe, expect, it } from 'vitest';
import { artifactsText, runsCaption, timeRangeText, versionsText } from './run-words.ts';

describe('start and finish', () => {
  it('show one date when the run stayed within a day', () => {
    expect(timeRangeText('2025-10-06T09:15:30Z', '2025-10-06T09:59:30Z')).toBe('2025-10-06 09:15 → 09:59 UTC (44 min)');
  });

  it('date the finish when it is another day', () => {
    expect(timeRangeText('2025-10-06T23:50:00Z', '2025-10-07T00:10:00Z')).toBe('2025-10-06 23:50 → 2025-10-07 00:10 UTC (20 min)');
  });

  it('leave out a negative duration and show unreadable stamps as they are', () => {
    expect(timeRangeText('2025-10-06T10:00:00Z', '2025-10-06T09:00:00Z')).toBe('2025-10-06 10:00 → 09:00 UTC');
    expect(timeRangeText('', 'later')).toBe('unknown → later');
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
