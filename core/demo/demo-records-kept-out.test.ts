import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisReportSchema, type AnalysisReport } from '../../schemas/analysis.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { recordUserStudy, USER_AGENTS, USER_SKILLS, type UserStudy } from './user-study-in-demo.fixture.ts';

// Issue 33: in the workspace `npm start` seeds, a researcher's own study (three harnesses, skill
// arms, repeats, three judges with two rubric sets, votes) must not count a single record of the
// demo's (its synthetic study, its five arena bundles, the votes and judgments on them, its data
// room) in any configuration, figure, table or exported row, unless synthetic data is asked for.

let dir: string;
let api: Api;
let study: UserStudy;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-demo-kept-out-'));
  api = await openApi(join(dir, 'workspace'));
  study = await recordUserStudy(api, dir);
}, 180_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

const report = async (input: { includeSynthetic?: boolean } = {}): Promise<AnalysisReport> =>
  AnalysisReportSchema.parse(await api.call('analysis.report', { resamples: 100, ...input }));

/** Every string anywhere in a value (configuration ids, labels, printed cells). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

const userRuns = () => new Set(study.runIds);
const userVotes = () => study.votes.filter((vote) => userRuns().has(vote.runA) && userRuns().has(vote.runB));

describe("a user's study in the demo-seeded workspace", () => {
  it('votes on both the demo’s pairs and its own, as a newcomer would', () => {
    expect(study.runIds).toHaveLength(24);
    expect(userVotes().length).toBeGreaterThan(0);
    // The demo's bundles stay votable: some of the arena's pairs were theirs.
    expect(userVotes().length).toBeLessThan(study.votes.length);
  });

  it('counts none of the demo’s records in any configuration, figure or table by default', async () => {
    const mine = await report();
    expect(mine.study.synthetic).toMatchObject({ included: false, reason: 'real-data-present' });
    expect(mine.study.includesSynthetic).toBe(false);
    expect(new Set(mine.study.configurations.map((c) => c.id))).toEqual(study.configIds);
    expect(mine.study.votes).toBe(userVotes().length);
    expect(mine.study.judgments).toBe(study.judgments.user);
    expect(mine.study.tasks).toBe(2);
    expect(mine.study.annotators).toBe(1);
    const text = strings(mine);
    expect(text.filter((s) => /^(demo|synthetic):|· (demo|synthetic)\b/.test(s))).toEqual([]);
    // Each figure's configurations are the user's six.
    const configs = new Set(study.configIds);
    for (const board of mine.leaderboards) for (const row of board.rows) expect(configs.has(row.config)).toBe(true);
    for (const row of mine.preference.elo) expect(configs.has(row.config)).toBe(true);
    expect(mine.recovery.byConfiguration.length).toBeGreaterThan(0);
    expect(mine.recovery.byConfiguration.every((row) => configs.has(row.config))).toBe(true);
    // The ablation: one group per harness, each arm its own 4 runs (2 tasks × 2 repeats), never a demo bundle.
    expect(mine.ablation.groups.map((group) => group.harness).sort()).toEqual(USER_AGENTS.map((agent) => agent.harness).sort());
    for (const group of mine.ablation.groups) {
      expect(group.synthetic).toBe(false);
      expect(group.arms.map((arm) => [arm.skill, arm.runs])).toEqual(USER_SKILLS.map((skill) => [skill, 4]));
    }
  });

  it('counts them, kept apart, when synthetic data is asked for', async () => {
    const mine = await report();
    const all = await report({ includeSynthetic: true });
    expect(all.study.synthetic).toMatchObject({ included: true, reason: 'requested' });
    expect(all.study.votes).toBe(study.votes.length + 300);
    expect(all.study.judgments).toBe(study.judgments.user + study.judgments.demo + 1008);
    const ids = all.study.configurations.map((c) => c.id);
    for (const id of study.configIds) expect(ids).toContain(id);
    expect(ids.some((id) => id.startsWith('demo:'))).toBe(true);
    expect(ids.some((id) => id.startsWith('synthetic:'))).toBe(true);
    expect(all.study.configurations.filter((c) => c.id.startsWith('demo:')).every((c) => c.label.endsWith(' · demo'))).toBe(true);
    // The user's own configurations hold the same figures either way: nothing of the demo's joined them.
    const own = (r: AnalysisReport) =>
      r.leaderboards
        .map((board) => ({ tier: board.tier, set: `${board.rubricSet}@${board.version}`, scale: board.scale, rows: board.rows.filter((row) => study.configIds.has(row.config)).map((row) => [row.config, row.mean, row.lo, row.hi]) }))
        .filter((board) => board.rows.length > 0);
    expect(own(all)).toEqual(own(mine));
    for (const group of all.ablation.groups.filter((g) => !g.synthetic)) expect(group.arms.map((arm) => arm.runs)).toEqual([4, 4]);
  });

  it('exports none of them by default, all of them when asked, under the project’s name', async () => {
    await api.call('project.rename', { name: 'Dashboard skill study' });
    const exportTo = async (name: string, includeSynthetic: boolean) => {
      const outDir = join(dir, name);
      const { jobId } = await api.call('export.hf', { outDir, format: 'jsonl', includeSynthetic });
      await api.context.jobs.idle();
      const { result } = await api.call('export.result', { jobId });
      expect(result).not.toBeNull();
      const rows = (subset: string, split = 'train') => {
        const file = join(outDir, 'data', subset, `${split}-00000-of-00001.jsonl`);
        return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) : [];
      };
      return { rows, card: readFileSync(join(outDir, 'README.md'), 'utf8') };
    };

    const mine = await exportTo('export-mine', false);
    expect(new Set(mine.rows('runs').map((row) => row.run_id))).toEqual(userRuns());
    expect(mine.rows('runs', 'synthetic')).toEqual([]);
    expect(new Set(mine.rows('preferences').map((row) => row.vote_id))).toEqual(new Set(userVotes().map((vote) => vote.id)));
    expect(mine.rows('judgments')).toHaveLength(study.judgments.user);
    expect(mine.rows('judgments').every((row) => userRuns().has(row.run_id as string))).toBe(true);
    expect(mine.rows('sources').map((row) => row.data_room_id)).toEqual([study.dataRoomId]);
    expect(mine.rows('chapters').map((row) => row.title)).toEqual(['Weekly orders']);
    expect(mine.card).toContain('# Dashboard skill study (LH-Bench Studio)');
    expect(mine.card).toContain('pretty_name: Dashboard skill study (LH-Bench Studio)');
    expect(mine.card).not.toContain('Demo: Evaluating a data-dashboard build');

    const all = await exportTo('export-all', true);
    expect(all.rows('runs')).toHaveLength(study.runIds.length + 5);
    expect(all.rows('runs', 'synthetic')).toHaveLength(48);
    expect(all.rows('preferences')).toHaveLength(study.votes.length);
    expect(all.rows('preferences', 'synthetic')).toHaveLength(300);
    expect(all.rows('judgments')).toHaveLength(study.judgments.user + study.judgments.demo);
    expect(all.rows('sources')).toHaveLength(5);
    expect(all.rows('chapters')).toHaveLength(4);
    expect(all.card).toContain('# Dashboard skill study (LH-Bench Studio)');
  }, 180_000);
});
