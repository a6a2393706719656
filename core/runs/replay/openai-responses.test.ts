import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { addFilePatch, countModelTurns, offeredTools, toolCallItems } from './openai-responses-calls.ts';
import { openAiResponsesFormat } from './openai-responses.ts';
import { startReplayServer, type ReplayServer } from './replay-server.ts';

const script: ReplayScript = {
  name: 'responses-wire',
  turns: [
    { text: 'Reading the skill.', calls: [{ action: 'read', path: '{{skill_file}}' }] },
    { text: '', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: '<h1>{{workdir}}</h1>\n' }, { action: 'shell', command: 'ls {{workdir}}' }] },
  ],
  final: 'All done, and this closing sentence is long enough to arrive in more than one text delta.',
  usage: { input: 120, output: 30 },
};

/** The tools Codex 0.171 offers a gpt-5.5 request: unified exec and a freeform apply_patch, among others. */
const CODEX_TOOLS = [
  { type: 'function', name: 'exec_command', parameters: { type: 'object', properties: { cmd: { type: 'string' } } } },
  { type: 'function', name: 'write_stdin', parameters: { type: 'object' } },
  { type: 'custom', name: 'apply_patch', format: { type: 'grammar', syntax: 'lark', definition: 'start: begin_patch hunk+ end_patch' } },
  { type: 'namespace', name: 'mcp__verifier', tools: [{ type: 'function', name: 'check_app', parameters: { type: 'object' } }] },
  { type: 'tool_search', execution: 'client' },
];

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads an SSE body into its events, checking each `data:` names the same type as its `event:`. */
function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const event = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1];
      if (!event || !data) throw new Error(`malformed SSE frame: ${frame}`);
      const parsed = JSON.parse(data) as Record<string, unknown>;
      expect(parsed.type).toBe(event);
      return { event, data: parsed };
    });
}

/** What a client builds from the stream: each item from its deltas, checked against the item `output_item.done` carries. */
function assemble(events: SseEvent[]): Record<string, unknown>[] {
  const built: Record<string, unknown>[] = [];
  for (const { event, data } of events) {
    const index = data.output_index as number;
    if (event === 'response.output_item.added') built[index] = { ...(data.item as Record<string, unknown>), text: '', arguments: '', input: '' };
    else if (event === 'response.output_text.delta') built[index]!.text = `${built[index]!.text as string}${data.delta as string}`;
    else if (event === 'response.function_call_arguments.delta') built[index]!.arguments = `${built[index]!.arguments as string}${data.delta as string}`;
    else if (event === 'response.custom_tool_call_input.delta') built[index]!.input = `${built[index]!.input as string}${data.delta as string}`;
    else if (event === 'response.output_item.done') {
      const done = data.item as Record<string, unknown>;
      const streamed = built[index]!;
      if (done.type === 'message') expect(streamed.text).toBe((done.content as { text: string }[])[0]!.text);
      if (done.type === 'function_call') expect(streamed.arguments).toBe(done.arguments);
      if (done.type === 'custom_tool_call') expect(streamed.input).toBe(done.input);
      built[index] = done;
    }
  }
  return built;
}

let server: ReplayServer;
let workdir: string;

beforeAll(async () => {
  server = await startReplayServer([openAiResponsesFormat]);
  workdir = mkdtempSync(join(tmpdir(), 'lhb-responses-'));
});

afterAll(async () => {
  await server.close();
  rmSync(workdir, { recursive: true, force: true });
});

function open(): { endpoint: string; id: string } {
  const session = server.openSession(script, { workdir: '/work dir', skill_file: '/work dir/.agents/skills/demo/SKILL.md' });
  return { endpoint: server.endpointFor(session.id), id: session.id };
}

async function post(endpoint: string, body: unknown): Promise<Response> {
  return fetch(`${endpoint}/v1/responses`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const userPrompt = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Build it.' }] };

describe('POST /v1/responses, streaming', () => {
  it('streams the first turn as the Responses API does: created, items with their deltas, completed with usage', async () => {
    const { endpoint } = open();
    const res = await post(endpoint, { model: 'gpt-5.5', stream: true, input: [userPrompt], tools: CODEX_TOOLS });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSse(await res.text());
    // Deltas come in pieces; one name stands for a run of them.
    const names = events.map((e) => e.event).filter((name, n, all) => !(name.endsWith('.delta') && all[n - 1] === name));
    expect(events.filter((e) => e.event === 'response.function_call_arguments.delta').length).toBeGreaterThan(1);
    expect(names).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.data.sequence_number)).toEqual(events.map((_, n) => n));
    const [message, call] = assemble(events);
    expect(message).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Reading the skill.' }] });
    // Codex has no read tool: the skill is read with cat through its unified exec tool.
    expect(call).toMatchObject({ type: 'function_call', name: 'exec_command', call_id: 'call_replay_0_0' });
    expect(JSON.parse(call!.arguments as string)).toEqual({ cmd: `cat -- '/work dir/.agents/skills/demo/SKILL.md'` });
    const completed = events.at(-1)!.data.response as Record<string, unknown>;
    expect(completed).toMatchObject({ status: 'completed', model: 'gpt-5.5', usage: { input_tokens: 120, output_tokens: 30, total_tokens: 150 } });
    expect(completed.output).toEqual([message, call]);
  });

  it('plays the turn after the model turns already in the history, counting a turn of text and calls once', async () => {
    const { endpoint } = open();
    const history = [
      userPrompt,
      { type: 'reasoning', summary: [] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Reading the skill.' }] },
      { type: 'function_call', name: 'exec_command', arguments: '{}', call_id: 'call_replay_0_0' },
      { type: 'function_call_output', call_id: 'call_replay_0_0', output: 'skill text' },
    ];
    const second = assemble(parseSse(await (await post(endpoint, { model: 'gpt-5.5', stream: true, input: history, tools: CODEX_TOOLS })).text()));
    // A turn of calls only has no message; the write is an apply_patch that adds the file (Codex creates its folders).
    expect(second.map((item) => item.type)).toEqual(['custom_tool_call', 'function_call']);
    expect(second[0]).toMatchObject({ name: 'apply_patch', input: '*** Begin Patch\n*** Add File: /work dir/out/dist/index.html\n+<h1>/work dir</h1>\n*** End Patch\n' });
    expect(JSON.parse(second[1]!.arguments as string)).toEqual({ cmd: 'ls /work dir' });

    const parallelOutputs = [
      { type: 'custom_tool_call', name: 'apply_patch', input: '…', call_id: 'call_replay_1_0' },
      { type: 'function_call', name: 'exec_command', arguments: '{}', call_id: 'call_replay_1_1' },
      { type: 'custom_tool_call_output', call_id: 'call_replay_1_0', output: 'ok' },
      { type: 'function_call_output', call_id: 'call_replay_1_1', output: 'ok' },
    ];
    const final = assemble(parseSse(await (await post(endpoint, { model: 'gpt-5.5', stream: true, input: [...history, ...parallelOutputs], tools: CODEX_TOOLS })).text()));
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({ type: 'message', content: [{ text: script.final }] });
  });

  it('answers a request that offers no tools without moving the script on', async () => {
    const { endpoint, id } = open();
    const side = assemble(parseSse(await (await post(endpoint, { model: 'gpt-5.5', stream: true, input: [userPrompt] })).text()));
    expect(side).toEqual([expect.objectContaining({ type: 'message', content: [expect.objectContaining({ text: 'OK' })] })]);
    const agent = assemble(parseSse(await (await post(endpoint, { model: 'gpt-5.5', stream: true, input: [userPrompt], tools: CODEX_TOOLS })).text()));
    expect(agent[0]).toMatchObject({ content: [{ text: 'Reading the skill.' }] });
    expect(server.session(id)!.requests).toHaveLength(2);
  });
});

describe('POST /v1/responses, other shapes', () => {
  it('returns the whole response as JSON when the request does not stream', async () => {
    const { endpoint } = open();
    const res = await post(endpoint, { model: 'gpt-5.5', input: 'Build it.', tools: CODEX_TOOLS });
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as { object: string; output: { type: string }[]; usage: { input_tokens: number } };
    expect(body.object).toBe('response');
    expect(body.output.map((item) => item.type)).toEqual(['message', 'function_call']);
    expect(body.usage.input_tokens).toBe(120);
  });

  it('refuses a request it cannot play with a 400 in the API error shape that says why', async () => {
    const { endpoint } = open();
    const res = await post(endpoint, { model: 'gpt-5.5', stream: true, input: [userPrompt], tools: [{ type: 'function', name: 'view_image' }] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('no shell tool');
    expect(body.error.message).toContain('view_image');

    const bad = await post(endpoint, { input: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('model');
  });

  it('lists a model on GET /v1/models', async () => {
    const { endpoint } = open();
    const list = (await (await fetch(`${endpoint}/v1/models`)).json()) as { object: string; data: { id: string }[] };
    expect(list.object).toBe('list');
    expect(list.data.length).toBeGreaterThan(0);
    expect(((await (await fetch(`${endpoint}/v1/models/gpt-5.5`)).json()) as { id: string }).id).toBe('gpt-5.5');
  });
});

describe('portable actions as Codex tool calls', () => {
  it('uses whichever shell tool the request offers', () => {
    const call = (tools: unknown[]) => toolCallItems([{ action: 'shell', command: 'ls -la' }], offeredTools(tools), 0)[0];
    expect(call([{ type: 'function', name: 'shell_command' }])).toMatchObject({ type: 'function_call', name: 'shell_command', arguments: '{"command":"ls -la"}' });
    expect(call([{ type: 'function', name: 'shell' }])).toMatchObject({ name: 'shell', arguments: '{"command":["bash","-lc","ls -la"]}' });
    expect(call([{ type: 'local_shell' }])).toMatchObject({ type: 'local_shell_call', action: { type: 'exec', command: ['bash', '-lc', 'ls -la'] } });
  });

  it('writes content apply_patch cannot reproduce byte for byte through the shell, exactly', () => {
    const content = `no newline at the end, 'quotes', "double", $HOME, \`ticks\`, %s and \\n`;
    const path = join(workdir, 'deep', 'er', 'file.txt');
    const [call] = toolCallItems([{ action: 'write', path, content }], offeredTools(CODEX_TOOLS), 0);
    expect(call).toMatchObject({ type: 'function_call', name: 'exec_command' });
    execFileSync('bash', ['-c', (JSON.parse((call as { arguments: string }).arguments) as { cmd: string }).cmd]);
    expect(readFileSync(path, 'utf8')).toBe(content);
  });

  it('calls an MCP tool in its namespace, listed or deferred behind tool_search', () => {
    const listed = toolCallItems([{ action: 'tool', name: 'mcp__verifier__check_app', arguments: { route: '/' } }], offeredTools(CODEX_TOOLS), 2)[0];
    expect(listed).toMatchObject({ type: 'function_call', name: 'check_app', namespace: 'mcp__verifier', arguments: '{"route":"/"}', call_id: 'call_replay_2_0' });
    const deferred = toolCallItems([{ action: 'tool', name: 'mcp__other_server__run', arguments: {} }], offeredTools(CODEX_TOOLS), 0)[0];
    expect(deferred).toMatchObject({ name: 'run', namespace: 'mcp__other_server' });
    const patch = toolCallItems([{ action: 'tool', name: 'apply_patch', arguments: { input: addFilePatch('a.txt', 'x\n') } }], offeredTools(CODEX_TOOLS), 0)[0];
    expect(patch).toMatchObject({ type: 'custom_tool_call', input: '*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n' });
  });

  it('counts model turns, not items', () => {
    expect(countModelTurns('a plain prompt')).toBe(0);
    expect(countModelTurns([userPrompt])).toBe(0);
    expect(
      countModelTurns([
        userPrompt,
        { type: 'function_call', call_id: 'a' },
        { type: 'function_call', call_id: 'b' },
        { type: 'function_call_output', call_id: 'a' },
        { type: 'function_call_output', call_id: 'b' },
        { type: 'reasoning' },
        { type: 'message', role: 'assistant', content: [] },
        { type: 'local_shell_call', call_id: 'c' },
        { type: 'function_call_output', call_id: 'c' },
        { role: 'assistant', content: 'plain-style message' },
      ]),
    ).toBe(3);
  });
});
