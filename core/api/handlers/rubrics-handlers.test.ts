import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../schemas/jobs.ts';
import type { RubricSet } from '../../../schemas/judge.ts';
import type { RpcInput, RpcMethod } from '../../../schemas/rpc.ts';
import { SourceLibraryFixture } from '../../annotate/source-library.fixture.ts';
import { insertJudgment } from '../../store/judgment-repository.ts';
import { recordSyntheticRun, recordSyntheticTask } from '../../runs/synthetic-runs.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';
import { rpcErrorOf } from '../rpc-error-of.fixture.ts';

let dir: string;
let api: Api;
let server: Server | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-rubrics-api-'));
  api = createApi(openWorkspace(dir));
});
afterEach(async () => {
  await api.close();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const call = <M extends RpcMethod>(method: M, input: RpcInput<M>) => api.call(method, input);

describe('rubrics.* RPC methods', () => {
  it('list the shipped sets, get one, save a new version with a changed anchor, and refuse to overwrite v1', async () => {
    const { sets, warnings } = await call('rubrics.list', {});
    expect(warnings).toEqual([]);
    expect(sets.filter((set) => set.builtin)).toHaveLength(10);
    expect(sets.find((set) => set.name === 'generic-process' && set.scale === 3)).toMatchObject({ tier: 'process', authoredBy: 'llm-generic', rubricCount: 4, version: 'v1' });

    const { set } = await call('rubrics.get', { name: 'figma-process', version: 'v1', scale: 3 });
    const changed: RubricSet = { ...set, rubrics: set.rubrics.map((rubric, i) => (i === 3 ? { ...rubric, anchors: { ...rubric.anchors, '2': 'Every route is screenshotted at 960×640 after the last edit.' } } : rubric)) };

    const refused = await rpcErrorOf(call('rubrics.save', { set: changed }));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('Make a new version: save it as figma-process@v2.');

    const saved = await call('rubrics.save', { set: { ...changed, version: 'v2' } });
    expect(saved.created).toBe(true);
    expect(saved.stored.builtin).toBe(false);
    const after = await call('rubrics.list', {});
    expect(after.sets.filter((summary) => summary.name === 'figma-process' && summary.scale === 3).map((summary) => summary.version)).toEqual(['v1', 'v2']);
    const v2 = await call('rubrics.get', { name: 'figma-process', version: 'v2', scale: 3 });
    expect(v2.set.rubrics[3]!.anchors['2']).toBe('Every route is screenshotted at 960×640 after the last edit.');
  });

  it('an invalid set is refused naming the field; an unknown version names the ones stored', async () => {
    const { set } = await call('rubrics.get', { name: 'figma-output', version: 'v1', scale: 5 });
    const bad = await rpcErrorOf(call('rubrics.save', { set: { ...set, version: 'v2', rubrics: set.rubrics.slice(1) } }));
    expect(bad.code).toBe('bad_request');
    expect(bad.message).toContain('set.rubrics: weights sum to 0.8; they must sum to 1');
    const { taskKinds: _kinds, ...unsaid } = set;
    const noKinds = await rpcErrorOf(call('rubrics.save', { set: { ...unsaid, version: 'v2' } }));
    expect(noKinds.code).toBe('bad_request');
    expect(noKinds.message).toContain('set.taskKinds: say which task kinds the set is for');
    const missing = await rpcErrorOf(call('rubrics.get', { name: 'figma-output', version: 'v7', scale: 5 }));
    expect(missing.code).toBe('not_found');
    expect(missing.message).toContain('Stored versions of figma-output: v1 (3-point), v1 (5-point).');
  });

  it('rubrics.usage counts the judgments made with each version', async () => {
    const db = api.context.workspace.db;
    const now = '2025-01-01T00:00:00.000Z';
    recordSyntheticTask(db, { id: 't1', title: 'Task', instruction: '' }, now);
    recordSyntheticRun(db, { id: 'r1', taskId: 't1', harness: 'h', model: 'm', versions: { skill: 'v1' }, startedAt: now, finishedAt: now, origin: 'test' }, now);
    for (const [id, rubric] of [['a', 'Design inspection'], ['b', 'Build verification']] as const) {
      insertJudgment(db, { id, run_id: 'r1', judge: 'j', tier: 'process', rubric, rubric_set: 'figma-process', rubric_version: 'v1', scale: 3, score: 2, rationale: '', synthetic: 0, created_at: now });
    }
    const { usage } = await call('rubrics.usage', {});
    expect(usage.find((row) => row.rubricSet === 'figma-process')).toEqual({ rubricSet: 'figma-process', version: 'v1', scale: 3, judgments: 2, failed: 0, runs: 1, judges: 1 });
  });
});

/** An OpenAI-compatible chat server on 127.0.0.1 answering from a script; records each request body. */
async function startScriptedChatServer(replies: string[]) {
  const bodies: { messages: { role: string; content: unknown }[] }[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push(JSON.parse(body) as (typeof bodies)[number]);
      const content = replies.shift() ?? '';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c1', object: 'chat.completion', model: 'scripted-1', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: 50, completion_tokens: 20 } }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies };
}

async function finished(jobId: string): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const { jobs } = await call('jobs.list', {});
    const job = jobs.find((candidate) => candidate.id === jobId);
    if (job && ['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function chapterWithCitation(): Promise<string> {
  const dataRoom = await call('dataRooms.create', { title: 'Ops room' });
  const { versionId } = new SourceLibraryFixture(api.context.workspace).addSource({ dataRoomId: dataRoom.id, title: 'Handbook', lines: ['The partial week is drawn dashed.'] });
  const withChapter = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'Partial weeks' });
  const chapterId = withChapter.chapters[0]!.id;
  await call('chapters.update', { chapterId, instruction: 'Show how the partial week is marked.' });
  await call('chapters.addCitation', { chapterId, versionId, startLine: 1, endLine: 1 });
  return chapterId;
}

const judge = (baseUrl: string): RpcInput<'rubrics.generateForChapter'>['judge'] => ({ name: 'local', provider: 'openai', baseUrl, model: 'scripted-1' });
const goodReply = JSON.stringify({
  rubrics: [{ name: 'Partial week drawn dashed', criterion: 'The last, partial week is drawn dashed and labelled.', weight: 1, anchors: { '0': 'Drawn like the other weeks.', '1': 'Dashed but not labelled.', '2': 'Dashed and labelled partial.' } }],
});

describe('rubrics.generateForChapter', () => {
  it('a job asks the judge over its wire format and stores the chapter set; the job says what it saved', async () => {
    const chapterId = await chapterWithCitation();
    const chat = await startScriptedChatServer([goodReply]);
    const { jobId } = await call('rubrics.generateForChapter', { chapterId, judge: judge(chat.baseUrl), scale: 3 });
    const job = await finished(jobId);
    expect(job.state).toBe('succeeded');
    expect(job.message).toMatch(/wrote 1 rubric for “Partial weeks”, saved as chapter-partial-weeks-[0-9a-f]{6}@v1 \(3-point\) \(70 tokens\)\.$/);
    expect(JSON.stringify(chat.bodies[0]!.messages)).toContain('The partial week is drawn dashed.');
    const { sets } = await call('rubrics.list', {});
    expect(sets.filter((set) => set.chapterId === chapterId).map((set) => [set.authoredBy, set.scale, set.version, set.builtin])).toEqual([['chapter', 3, 'v1', false]]);
  });

  it('a reply unusable after the repair fails the job saying why, and stores nothing', async () => {
    const chapterId = await chapterWithCitation();
    const chat = await startScriptedChatServer(['I cannot help with that.', 'Still no JSON here.']);
    const { jobId } = await call('rubrics.generateForChapter', { chapterId, judge: judge(chat.baseUrl) });
    const job = await finished(jobId);
    expect(job.state).toBe('failed');
    expect(job.message).toContain('did not return usable rubrics for chapter “Partial weeks”, even after a repair request: the reply contains no JSON object');
    expect(chat.bodies).toHaveLength(2);
    const { sets } = await call('rubrics.list', {});
    expect(sets.filter((set) => set.chapterId === chapterId)).toEqual([]);
  });

  it('a reply quoting the judge\'s API key is stored without it', async () => {
    const key = 'sk-echoed-3c1f9a7b-never-store-me';
    process.env.LHB_RUBRIC_ECHO_KEY = key;
    try {
      const chapterId = await chapterWithCitation();
      const chat = await startScriptedChatServer([goodReply.replace('drawn dashed and labelled', `drawn dashed (key ${key}) and labelled`)]);
      const { jobId } = await call('rubrics.generateForChapter', { chapterId, judge: { ...judge(chat.baseUrl), apiKeyEnv: 'LHB_RUBRIC_ECHO_KEY' }, scale: 3 });
      const job = await finished(jobId);
      expect(job.state, job.message ?? '').toBe('succeeded');
      const { sets } = await call('rubrics.list', {});
      const made = sets.find((set) => set.chapterId === chapterId)!;
      const { set } = await call('rubrics.get', { name: made.name, version: made.version, scale: made.scale });
      expect(set.rubrics[0]!.criterion).toContain('(key [API key])');
      for (const { name } of api.context.workspace.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]) {
        expect(JSON.stringify(api.context.workspace.db.prepare(`SELECT * FROM "${name}"`).all()), name).not.toContain(key);
      }
    } finally {
      delete process.env.LHB_RUBRIC_ECHO_KEY;
    }
  });

  it('an unknown chapter is refused at once, with no job and no request', async () => {
    const chat = await startScriptedChatServer([]);
    const error = await rpcErrorOf(call('rubrics.generateForChapter', { chapterId: 'nope', judge: judge(chat.baseUrl) }));
    expect(error.code).toBe('not_found');
    expect(chat.bodies).toHaveLength(0);
  });
});
