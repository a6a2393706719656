import { describe, expect, it } from 'vitest';
import type { PortableReplayAction } from '../harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { buildAnthropicMessage } from './anthropic-messages-reply.ts';
import { geminiFunctionCall } from './gemini-generate-reply.ts';

// A scripted read, write or shell is played as the asking CLI's own tool call, whichever
// harness's tools the request offers: a wire format is a model API, which more than one CLI may speak.
const actions: PortableReplayAction[] = [
  { action: 'read', path: '/run/work/SKILL.md' },
  { action: 'write', path: '/run/work/out/dist/index.html', content: '<h1>Hi</h1>\n' },
  { action: 'shell', command: 'ls out' },
];
const harnesses = Object.values(HARNESS_ADAPTERS).flatMap((adapter) => (adapter.scriptedToolCall ? [[adapter.id, adapter] as const] : []));
const noParameters = () => undefined;

describe.each(harnesses)('a scripted portable action, to a client offering the tools of %s', (_id, adapter) => {
  it.each(actions)('$action is played to an Anthropic Messages client as that CLI calls its tool', (action) => {
    const expected = adapter.scriptedToolCall!(action, noParameters);
    const message = buildAnthropicMessage({ text: '', calls: [action], final: false, usage: { input: 1, output: 1 } }, { sessionId: 's', turn: 0, model: 'm', offered: new Set([expected.name]) });
    expect(message.content).toEqual([expect.objectContaining({ type: 'tool_use', name: expected.name, input: expected.arguments })]);
  });

  it.each(actions)('$action is played to a Gemini client as that CLI calls its tool', (action) => {
    const expected = adapter.scriptedToolCall!(action, noParameters);
    const offered = new Map([[expected.name, { name: expected.name, parameters: new Set(Object.keys(expected.arguments)) }]]);
    expect(geminiFunctionCall(action, offered)).toEqual({ name: expected.name, args: expected.arguments });
  });
});
