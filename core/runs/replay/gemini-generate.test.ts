import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { geminiGenerateFormat } from './gemini-generate.ts';
import { startReplayServer, type ReplayServer } from './replay-server.ts';

const script: ReplayScript = {
  name: 'gemini-wire',
  turns: [
    { text: 'Reading the skill before anything else.', calls: [{ action: 'read', path: '{{skill_file}}' }] },
    { text: '', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: '<h1>{{workdir}}</h1>' }, { action: 'shell', command: 'ls {{workdir}}' }] },
  ],
  final: 'All done.',
  usage: { input: 120, output: 30 },
};

/** The function declarations Gemini CLI 0.61 offers for the portable actions (parametersJsonSchema, as it sends them). */
const declare = (name: string, properties: string[]) => ({
  name,
  description: name,
  parametersJsonSchema: { type: 'object', properties: Object.fromEntries(properties.map((p) => [p, { type: 'string' }])) },
});
const TOOLS = [{ functionDeclarations: [declare('read_file', ['file_path']), declare('write_file', ['file_path', 'content']), declare('run_shell_command', ['command', 'description'])] }];

interface Chunk {
  candidates: { content: { role: string; parts: { text?: string; functionCall?: { name: string; args: Record<string, unknown> } }[] }; finishReason?: string }[];
  usageMetadata: { promptTokenCount: number; candidatesTokenCount?: number; totalTokenCount: number };
}

/** Reads an `alt=sse` body into its chunks, checking every frame is one `data:` line ending in a blank line. */
function parseSse(text: string): Chunk[] {
  expect(text.endsWith('\r\n\r\n')).toBe(true);
  return text
    .split('\r\n\r\n')
    .filter((frame) => frame !== '')
    .map((frame) => {
      expect(frame.startsWith('data: ')).toBe(true);
      expect(frame.includes('\n')).toBe(false);
      return JSON.parse(frame.slice('data: '.length)) as Chunk;
    });
}

describe('Gemini generateContent wire format', () => {
  let server: ReplayServer;
  const workdir = '/tmp/run-gemini';

  beforeAll(async () => {
    server = await startReplayServer([geminiGenerateFormat]);
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (sessionId: string, path: string, body: unknown) =>
    fetch(`${server.endpointFor(sessionId)}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' }, body: JSON.stringify(body) });
  const stream = (sessionId: string, body: unknown, model = 'gemini-2.5-pro') => post(sessionId, `/v1beta/models/${model}:streamGenerateContent?alt=sse`, body);

  it('streams each scripted turn as SSE chunks: text in pieces, then whole function calls with finishReason and usage', async () => {
    const session = server.openSession(script, { workdir, skill_file: `${workdir}/.gemini/skills/demo/SKILL.md` }, 'stream');
    const user = { role: 'user', parts: [{ text: 'Build the page.' }] };

    const first = await stream(session.id, { contents: [user], tools: TOOLS });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/event-stream');
    const chunks = parseSse(await first.text());
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const parts = chunks.flatMap((chunk) => chunk.candidates[0]!.content.parts);
    expect(parts.filter((part) => part.text !== undefined).map((part) => part.text).join('')).toBe('Reading the skill before anything else.');
    expect(parts.filter((part) => part.functionCall).map((part) => part.functionCall)).toEqual([{ name: 'read_file', args: { file_path: `${workdir}/.gemini/skills/demo/SKILL.md` } }]);
    // Only the last chunk finishes the turn and carries the output tokens.
    expect(chunks.map((chunk) => chunk.candidates[0]!.finishReason ?? null)).toEqual([...chunks.slice(1).map(() => null), 'STOP']);
    expect(chunks.at(-1)!.usageMetadata).toEqual({ promptTokenCount: 120, candidatesTokenCount: 30, totalTokenCount: 150 });
    expect(chunks.every((chunk) => chunk.candidates[0]!.content.role === 'model')).toBe(true);

    const model = (parts: unknown[]) => ({ role: 'model', parts });
    const result = (name: string) => ({ role: 'user', parts: [{ functionResponse: { name, response: { output: 'ok' } } }] });
    const second = parseSse(await (await stream(session.id, { contents: [user, model(parts), result('read_file')], tools: TOOLS })).text());
    expect(second).toHaveLength(1);
    expect(second[0]!.candidates[0]!.content.parts).toEqual([
      { functionCall: { name: 'write_file', args: { file_path: `${workdir}/out/dist/index.html`, content: `<h1>${workdir}</h1>` } } },
      { functionCall: { name: 'run_shell_command', args: { command: `ls ${workdir}` } } },
    ]);

    const history = [user, model(parts), result('read_file'), model([]), result('write_file')];
    const last = parseSse(await (await stream(session.id, { contents: history, tools: TOOLS })).text());
    const lastParts = last.flatMap((chunk) => chunk.candidates[0]!.content.parts);
    expect(lastParts.map((part) => part.text).join('')).toBe('All done.');
    expect(lastParts.some((part) => part.functionCall)).toBe(false);

    // A retried request gets the same answer: the turn comes from the history, not from a counter.
    const again = parseSse(await (await stream(session.id, { contents: history, tools: TOOLS })).text());
    expect(again).toEqual(last);
    expect(session.requests.map((request) => request.format)).toEqual(['gemini', 'gemini', 'gemini', 'gemini']);
  });

  it('answers :generateContent with the whole turn in one response', async () => {
    const session = server.openSession(script, { workdir, skill_file: '/skill.md' }, 'whole');
    const response = await post(session.id, '/v1beta/models/gemini-2.5-flash:generateContent', { contents: [{ role: 'user', parts: [{ text: 'go' }] }], tools: TOOLS });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Chunk & { modelVersion: string };
    expect(body.modelVersion).toBe('gemini-2.5-flash');
    expect(body.candidates[0]!.finishReason).toBe('STOP');
    expect(body.candidates[0]!.content.parts).toEqual([{ text: 'Reading the skill before anything else.' }, { functionCall: { name: 'read_file', args: { file_path: '/skill.md' } } }]);
  });

  it('gives side requests a valid answer of their response schema without moving the script', async () => {
    const session = server.openSession(script, { workdir, skill_file: '/skill.md' }, 'side');
    const history = [{ role: 'user', parts: [{ text: 'go' }] }];
    // The next-speaker check (JSON Schema spelling) and the model router's classifier (the API's upper-case Schema).
    const nextSpeaker = {
      type: 'object',
      properties: { reasoning: { type: 'string' }, next_speaker: { type: 'string', enum: ['user', 'model'] } },
      required: ['reasoning', 'next_speaker'],
    };
    const classifier = { type: 'OBJECT', properties: { complexity_reasoning: { type: 'STRING' }, complexity_score: { type: 'INTEGER', minimum: 1 } } };
    const asked = async (generationConfig: unknown) => {
      const response = await post(session.id, '/v1beta/models/gemini-2.5-flash-lite:generateContent', { contents: history, generationConfig });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Chunk;
      return body.candidates[0]!.content.parts[0]!.text!;
    };
    expect(JSON.parse(await asked({ responseMimeType: 'application/json', responseJsonSchema: nextSpeaker }))).toEqual({ reasoning: '', next_speaker: 'user' });
    expect(JSON.parse(await asked({ responseMimeType: 'application/json', responseSchema: classifier }))).toEqual({ complexity_reasoning: '', complexity_score: 1 });
    // A plain side request without tools (a summary) gets short text, streamed when asked.
    const summary = parseSse(await (await stream(session.id, { contents: history })).text());
    expect(summary[0]!.candidates[0]!.content.parts).toEqual([{ text: 'OK' }]);
    // Even with tools offered, a request for JSON is not the agent loop.
    expect(JSON.parse(await asked({ responseJsonSchema: nextSpeaker }))).toEqual({ reasoning: '', next_speaker: 'user' });

    // The agent loop still starts at the script's first turn.
    const turn = parseSse(await (await stream(session.id, { contents: history, tools: TOOLS })).text());
    expect(turn.flatMap((chunk) => chunk.candidates[0]!.content.parts).find((part) => part.functionCall)?.functionCall?.name).toBe('read_file');
  });

  it('uses the parameter names the offered declaration has (absolute_path in older CLIs)', async () => {
    const session = server.openSession(script, { workdir, skill_file: '/skill.md' }, 'old-cli');
    const tools = [{ functionDeclarations: [{ name: 'read_file', parameters: { type: 'OBJECT', properties: { absolute_path: { type: 'STRING' } } } }] }];
    const chunks = parseSse(await (await stream(session.id, { contents: [{ role: 'user', parts: [{ text: 'go' }] }], tools })).text());
    expect(chunks.at(-1)!.candidates[0]!.content.parts).toEqual([{ functionCall: { name: 'read_file', args: { absolute_path: '/skill.md' } } }]);
  });

  it('refuses a scripted action the request has no tool for, naming the tools it does offer', async () => {
    const session = server.openSession({ name: 'no-shell', turns: [{ text: '', calls: [{ action: 'shell', command: 'ls' }] }], final: 'Done.', usage: { input: 1, output: 1 } }, { workdir, skill_file: '' }, 'no-shell');
    const tools = [{ functionDeclarations: [declare('read_file', ['file_path'])] }];
    const response = await stream(session.id, { contents: [{ role: 'user', parts: [{ text: 'go' }] }], tools });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toContain('run_shell_command');
    expect(body.error.message).toContain('offers only: read_file');
  });

  it('answers countTokens, the model listing, and a stream without alt=sse as a JSON array', async () => {
    const session = server.openSession(script, { workdir, skill_file: '' }, 'misc');
    const count = (await (await post(session.id, '/v1beta/models/gemini-2.5-pro:countTokens', { contents: [{ role: 'user', parts: [{ text: 'x'.repeat(400) }] }] })).json()) as { totalTokens: number };
    expect(count.totalTokens).toBeGreaterThan(100);
    const list = (await (await fetch(`${server.endpointFor(session.id)}/v1beta/models`)).json()) as { models: { name: string }[] };
    expect(list.models.map((m) => m.name)).toContain('models/gemini-2.5-pro');
    const one = (await (await fetch(`${server.endpointFor(session.id)}/v1beta/models/gemini-3-pro`)).json()) as { name: string };
    expect(one.name).toBe('models/gemini-3-pro');
    const array = await post(session.id, '/v1beta/models/gemini-2.5-pro:streamGenerateContent', { contents: [{ role: 'user', parts: [{ text: 'go' }] }], tools: TOOLS });
    const chunks = (await array.json()) as Chunk[];
    expect(Array.isArray(chunks)).toBe(true);
    expect(chunks.at(-1)!.candidates[0]!.finishReason).toBe('STOP');
    const unknown = await post(session.id, '/v1beta/models/gemini-2.5-pro:embedContent', {});
    expect(unknown.status).toBe(404);
  });
});
