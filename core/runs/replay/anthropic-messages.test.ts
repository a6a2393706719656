import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { anthropicMessagesFormat } from './anthropic-messages.ts';
import { startReplayServer, type ReplayServer } from './replay-server.ts';

const script: ReplayScript = {
  name: 'anthropic-wire',
  turns: [
    { text: 'Reading the skill.', calls: [{ action: 'read', path: '{{skill_file}}' }] },
    { text: '', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: '<h1>{{workdir}}</h1>' }, { action: 'shell', command: 'ls {{workdir}}' }] },
  ],
  final: 'All done.',
  usage: { input: 120, output: 30 },
};

const TOOLS = ['Bash', 'Read', 'Write'].map((name) => ({ name, description: name, input_schema: { type: 'object' } }));

interface ParsedEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads an SSE body into its events, checking each `data:` names the same type as its `event:`. */
function parseSse(text: string): ParsedEvent[] {
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

/** What a client accumulates from the stream: the blocks with text joined and tool input parsed. */
function assemble(events: ParsedEvent[]): { blocks: Record<string, unknown>[]; stopReason: unknown; usage: unknown } {
  const blocks: Record<string, unknown>[] = [];
  const json: string[] = [];
  let stopReason: unknown = null;
  let usage: unknown = null;
  for (const { event, data } of events) {
    const index = data.index as number;
    if (event === 'content_block_start') {
      blocks[index] = { ...(data.content_block as Record<string, unknown>) };
      json[index] = '';
    } else if (event === 'content_block_delta') {
      const delta = data.delta as { type: string; text?: string; partial_json?: string };
      if (delta.type === 'text_delta') blocks[index]!.text = `${blocks[index]!.text as string}${delta.text}`;
      else json[index] += delta.partial_json ?? '';
    } else if (event === 'content_block_stop') {
      if (blocks[index]!.type === 'tool_use') blocks[index]!.input = JSON.parse(json[index]!);
    } else if (event === 'message_delta') {
      stopReason = (data.delta as { stop_reason: unknown }).stop_reason;
      usage = data.usage;
    }
  }
  return { blocks, stopReason, usage };
}

describe('Anthropic Messages wire format', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer([anthropicMessagesFormat]);
  });
  afterAll(() => server.close());

  const post = (sessionId: string, path: string, body: unknown) =>
    fetch(`${server.endpointFor(sessionId)}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('streams the first turn as Claude Code tool calls, in the API event order', async () => {
    const session = server.openSession(script, { workdir: '/runs/r1', skill_file: '/runs/r1/.claude/skills/demo/SKILL.md' });
    const res = await post(session.id, '/v1/messages?beta=true', { model: 'claude-test', stream: true, tools: TOOLS, messages: [{ role: 'user', content: 'go' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSse(await res.text());
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('message_start');
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    // Every block opens, gets deltas, and closes before the next one opens.
    const blockEvents = names.filter((n) => n.startsWith('content_block'));
    expect(blockEvents.join(' ')).toMatch(/^(content_block_start( content_block_delta)+ content_block_stop ?)+$/);
    const start = events[0]!.data.message as { content: unknown[]; model: string; usage: { input_tokens: number } };
    expect(start.content).toEqual([]);
    expect(start.model).toBe('claude-test');
    expect(start.usage.input_tokens).toBe(120);

    const { blocks, stopReason, usage } = assemble(events);
    expect(blocks[0]).toEqual({ type: 'text', text: 'Reading the skill.' });
    expect(blocks[1]).toMatchObject({ type: 'tool_use', name: 'Read', input: { file_path: '/runs/r1/.claude/skills/demo/SKILL.md' } });
    expect((blocks[1]!.id as string).startsWith('toolu_')).toBe(true);
    expect(stopReason).toBe('tool_use');
    expect(usage).toMatchObject({ output_tokens: 30 });
    // Tool input arrives as several JSON fragments, as the real API sends it.
    expect(events.filter((e) => (e.data.delta as { type?: string } | undefined)?.type === 'input_json_delta').length).toBeGreaterThan(1);
  });

  it('plays the turn that matches the assistant messages in the history, the same way on a retry', async () => {
    const session = server.openSession(script, { workdir: '/runs/r2', skill_file: '/s.md' });
    const history = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'skill text' }] },
    ];
    const bodies = await Promise.all([1, 2].map(async () => assemble(parseSse(await (await post(session.id, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: history })).text()))));
    expect(bodies[0]).toEqual(bodies[1]);
    const { blocks } = bodies[0]!;
    expect(blocks.map((b) => b.name)).toEqual(['Write', 'Bash']);
    expect(blocks[0]!.input).toEqual({ file_path: '/runs/r2/out/dist/index.html', content: '<h1>/runs/r2</h1>' });
    expect((blocks[1]!.input as { command: string }).command).toBe('ls /runs/r2');
  });

  it('answers without streaming, and ends with the final text and no tool calls', async () => {
    const session = server.openSession(script, { workdir: '/w', skill_file: '' });
    const assistant = { role: 'assistant', content: [{ type: 'text', text: 'x' }] };
    const res = await post(session.id, '/v1/messages', { model: 'm', tools: TOOLS, messages: [{ role: 'user', content: 'go' }, assistant, { role: 'user', content: 'r' }, assistant, { role: 'user', content: 'r' }] });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const message = (await res.json()) as { content: unknown[]; stop_reason: string; role: string };
    expect(message.role).toBe('assistant');
    expect(message.content).toEqual([{ type: 'text', text: 'All done.' }]);
    expect(message.stop_reason).toBe('end_turn');
  });

  it('answers side requests without tools, token counts and model look-ups without moving the script', async () => {
    const session = server.openSession(script, { workdir: '/w', skill_file: '/s.md' });
    const side = parseSse(await (await post(session.id, '/v1/messages', { model: 'haiku', stream: true, messages: [{ role: 'user', content: 'title?' }] })).text());
    expect(assemble(side).blocks).toEqual([{ type: 'text', text: 'OK' }]);
    const count = (await (await post(session.id, '/v1/messages/count_tokens', { model: 'm', messages: [{ role: 'user', content: 'abcdefgh' }] })).json()) as { input_tokens: number };
    expect(count.input_tokens).toBeGreaterThan(0);
    const model = (await (await fetch(`${server.endpointFor(session.id)}/v1/models/claude-x`)).json()) as { id: string };
    expect(model.id).toBe('claude-x');
    // The agent's first request still gets turn 1.
    const first = assemble(parseSse(await (await post(session.id, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [{ role: 'user', content: 'go' }] })).text()));
    expect(first.blocks[1]).toMatchObject({ name: 'Read' });
    expect(session.requests.map((r) => r.path)).toEqual(['/v1/messages', '/v1/messages/count_tokens', '/v1/models/claude-x', '/v1/messages']);
  });

  it('refuses, in the API error shape, a script action the offered tools cannot carry out, and an unreadable body', async () => {
    const session = server.openSession(script, { workdir: '/w', skill_file: '/s.md' });
    const res = await post(session.id, '/v1/messages', { model: 'm', stream: true, tools: [{ name: 'Bash' }], messages: [{ role: 'user', content: 'go' }] });
    expect(res.status).toBe(400);
    const error = (await res.json()) as { type: string; error: { type: string; message: string } };
    expect(error.type).toBe('error');
    expect(error.error.message).toContain('"Read" tool');
    expect(error.error.message).toContain('Bash');
    const bad = await post(session.id, '/v1/messages', { messages: 'nope' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/model|messages/);
  });
});
