import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataRoomDetail, DataRoomSummary } from '../../schemas/annotate.ts';
import { ChapterPlanSchema } from '../../schemas/chapter-plan.ts';
import { openApi } from '../api/open-api.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const SPAWNING_TEST_TIMEOUT_MS = 240_000;
const DEMO_ROOM = 'Operations dashboard data room';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-rooms-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lhb = (...args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '--workspace', dir], { encoding: 'utf8' });

/** Seeds the workspace (the demo room and its plan) and adds an empty room, two named "Twin", and an instruction and notes on the demo's first chapter. */
async function prepareWorkspace(): Promise<{ demo: DataRoomDetail; empty: DataRoomDetail; twins: DataRoomDetail[] }> {
  const api = await openApi(dir);
  try {
    const { dataRooms } = await api.call('dataRooms.list', {});
    const demoId = dataRooms.find((c) => c.title === DEMO_ROOM)!.id;
    let demo = await api.call('dataRooms.get', { dataRoomId: demoId });
    demo = await api.call('chapters.update', { chapterId: demo.chapters[0]!.id, instruction: 'Explain the weekly trend.\nName the partial week.', designNotes: 'Audience: on-call engineers.' });
    const empty = await api.call('dataRooms.create', { title: 'Patent filings' });
    const twins = [await api.call('dataRooms.create', { title: 'Twin' }), await api.call('dataRooms.create', { title: 'Twin' })];
    return { demo, empty, twins };
  } finally {
    await api.close();
  }
}

describe('lhb rooms and chapters export', () => {
  it('rooms list names every data room; chapters export prints the plan as JSON and Markdown, the room named by title or id', async () => {
    const { demo, empty } = await prepareWorkspace();

    const json = lhb('rooms', 'list', '--json');
    expect(json.status, json.stderr).toBe(0);
    const rooms = JSON.parse(json.stdout) as DataRoomSummary[];
    expect(rooms.map((r) => r.title)).toEqual(expect.arrayContaining([DEMO_ROOM, 'Patent filings', 'Twin']));
    expect(rooms.find((r) => r.id === demo.id)).toMatchObject({ sourceCount: demo.sources.length, chapterCount: demo.chapters.length });
    const table = lhb('rooms', 'list');
    expect(table.stdout).toMatch(/^ID +SOURCES +CHAPTERS +UPDATED +TITLE\n/);
    expect(table.stdout).toContain(`${demo.id}  `);
    expect(table.stdout).toMatch(new RegExp(`${DEMO_ROOM}$`, 'm'));

    const exported = lhb('chapters', 'export', '--room', DEMO_ROOM.toLowerCase(), '--format', 'json');
    expect(exported.status, exported.stderr).toBe(0);
    const plan = ChapterPlanSchema.parse(JSON.parse(exported.stdout));
    expect(plan.room).toEqual({ id: demo.id, title: DEMO_ROOM });
    expect(plan.chapters.map((c) => c.title)).toEqual(demo.chapters.map((c) => c.title));
    expect(plan.chapters[0]).toMatchObject({ number: 1, instruction: 'Explain the weekly trend.\nName the partial week.', notes: 'Audience: on-call engineers.' });
    const cited = plan.chapters.flatMap((c) => c.citations);
    const demoCitations = demo.chapters.flatMap((c) => c.citations);
    expect(cited.map((c) => c.ref)).toEqual(demoCitations.map((c) => `${c.sourceId}:${c.startLine}--${c.endLine}`));
    expect(cited.map((c) => c.quote)).toEqual(demoCitations.map((c) => c.quote));
    // The demo's PDF has pages; its citations say which.
    const pdfIds = new Set(demo.sources.filter((s) => s.type === 'pdf').map((s) => s.id));
    const fromPdf = cited.filter((c) => pdfIds.has(c.source_id));
    expect(fromPdf.length).toBeGreaterThan(0);
    for (const c of fromPdf) expect(c.pages?.first).toBeGreaterThanOrEqual(1);
    for (const c of cited.filter((c) => !pdfIds.has(c.source_id))) expect(c.pages).toBeNull();

    const markdown = lhb('chapters', 'export', '--room', demo.id);
    expect(markdown.status, markdown.stderr).toBe(0);
    expect(markdown.stdout).toMatch(new RegExp(`^# ${DEMO_ROOM}: chapter plan\n`));
    expect(markdown.stdout).toContain(`## 1. ${demo.chapters[0]!.title}\n\n**Instruction**\n\nExplain the weekly trend.\nName the partial week.\n\n**Notes**\n\nAudience: on-call engineers.`);
    expect(markdown.stdout).toContain(`- \`${cited[0]!.ref}\` (`);
    expect(markdown.stdout).toContain(`  > ${cited[0]!.quote.split('\n')[0]}`);

    const emptyPlan = lhb('chapters', 'export', '--room', 'Patent filings');
    expect(emptyPlan.stdout).toBe(`# Patent filings: chapter plan\n\nNo chapters yet.\n`);
    expect(empty.chapters).toHaveLength(0);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('an unknown or ambiguous room, or an unknown format, is refused naming the choices; sources list shows each source’s room and filters by room name', async () => {
    const { demo, twins } = await prepareWorkspace();

    const unknown = lhb('chapters', 'export', '--room', 'Nope');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No data room has the id or name "Nope"');
    expect(unknown.stderr).toContain(`${demo.id}  ${DEMO_ROOM}`);

    const ambiguous = lhb('chapters', 'export', '--room', 'twin');
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.stderr).toContain('2 data rooms are called "twin"');
    for (const twin of twins) expect(ambiguous.stderr).toContain(twin.id);
    expect(lhb('chapters', 'export', '--room', twins[1]!.id).stdout).toBe('# Twin: chapter plan\n\nNo chapters yet.\n');

    const format = lhb('chapters', 'export', '--room', demo.id, '--format', 'xml');
    expect(format.status).toBe(1);
    expect(format.stderr).toContain('--format takes md or json, not "xml"');

    const list = lhb('sources', 'list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^ID +TYPE +LINES +VERSION +ROOM +TITLE\n/);
    const source = demo.sources[0]!;
    expect(list.stdout).toMatch(new RegExp(`^${source.id} +${source.type} +${source.lineCount} +v${source.version} +${DEMO_ROOM} +`, 'm'));
    expect(lhb('sources', 'list', '--course', 'Twin').status).toBe(1);
    expect(lhb('sources', 'list', '--room', twins[0]!.id).stdout).toContain('No sources yet');
  }, SPAWNING_TEST_TIMEOUT_MS);
});
