import { describe, expect, it } from 'vitest';
import type { ReplayAction } from '../../../schemas/replay-script.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { buildAnthropicMessage } from './anthropic-messages-reply.ts';
import { geminiFunctionCall } from './gemini-generate-reply.ts';
import { offeredTools, toolCallItems } from './openai-responses-calls.ts';

// A scripted MCP call is played under the name the asking CLI offers the tool by, whichever
// harness's naming that is: a wire format is a model API, which more than one CLI may speak.
const SERVER = 'design__tokens';
const action: ReplayAction = { action: 'mcp', server: SERVER, tool: 'get_color', arguments: { token: 'brand' } };
const namings = Object.values(HARNESS_ADAPTERS).flatMap((adapter) => (adapter.mcpToolName ? [[adapter.id, adapter.mcpToolName(SERVER, 'get_color')] as const] : []));

describe.each(namings)('a scripted mcp action, to a client that names MCP tools as %s does (%s)', (_harness, name) => {
  it('is played to an Anthropic Messages client under that name', () => {
    const message = buildAnthropicMessage(
      { text: '', calls: [action], final: false, usage: { input: 1, output: 1 } },
      { sessionId: 's', turn: 0, model: 'm', offered: new Set(['Read', 'Bash', name]) },
    );
    expect(message.content).toEqual([expect.objectContaining({ type: 'tool_use', name, input: { token: 'brand' } })]);
  });

  it('is played to a Gemini client under that name', () => {
    const offered = new Map([['read_file', { name: 'read_file', parameters: new Set(['file_path']) }], [name, { name, parameters: new Set(['token']) }]]);
    expect(geminiFunctionCall(action, offered)).toEqual({ name, args: { token: 'brand' } });
  });

  it('is played to a Responses API client under that name', () => {
    const tools = offeredTools([{ type: 'function', name: 'exec_command' }, { type: 'function', name }]);
    expect(toolCallItems([action], tools, 0)).toEqual([expect.objectContaining({ type: 'function_call', name, arguments: JSON.stringify({ token: 'brand' }) })]);
  });
});
