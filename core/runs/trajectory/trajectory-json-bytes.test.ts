import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { createCommandParser } from '../harnesses/command/parse-command.ts';
import { trajectoryJsonBytes, trajectoryJsonChunks } from './trajectory-json-bytes.ts';

function parsed(lines: string[]): Trajectory {
  const parser = createCommandParser();
  for (const line of lines) parser.push(line);
  return parser.finish({ partialLastLine: false });
}

describe('trajectoryJsonBytes', () => {
  it('writes the very bytes JSON.stringify would, non-ASCII text, quotes and UUID-like values included', () => {
    const trajectory = parsed([
      JSON.stringify({ type: 'session', model: 'm', sessionId: 's' }),
      JSON.stringify({ type: 'step', source: 'agent', text: 'Zürich → Genève — "steps": ["0f8c2a34-0d7e-4b8a-9c51-2e4f7a9b3c10"] ✓ 😀' }),
      JSON.stringify({ type: 'tool_call', id: 'a', name: 'shell', arguments: { command: 'ls', steps: [] } }),
      JSON.stringify({ type: 'tool_result', id: 'a', result: 'line\n\ttab \u0000 nul', exitCode: 0 }),
      'plain text the agent printed',
      JSON.stringify({ type: 'usage', input: 3, output: 4 }),
    ]);
    expect(trajectory.steps.length).toBeGreaterThan(1);
    expect(trajectoryJsonBytes(trajectory).equals(Buffer.from(JSON.stringify(trajectory)))).toBe(true);
  });

  it('streams a large trajectory in chunks of about a megabyte that join into the bytes JSON.stringify would write', () => {
    const output = 'é'.repeat(60_000);
    const turns = Array.from({ length: 40 }, (_, i) => [
      JSON.stringify({ type: 'step', source: 'agent', text: `Turn ${i}` }),
      JSON.stringify({ type: 'tool_call', id: `c${i}`, name: 'shell', arguments: { command: 'ls' } }),
      JSON.stringify({ type: 'tool_result', id: `c${i}`, result: output, exitCode: 0 }),
    ]);
    const trajectory = parsed([JSON.stringify({ type: 'session', model: 'm', sessionId: 's' }), ...turns.flat()]);
    const chunks = [...trajectoryJsonChunks(trajectory)];
    expect(chunks.length).toBeGreaterThan(2);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(3 * 1024 * 1024);
    expect(Buffer.concat(chunks).equals(Buffer.from(JSON.stringify(trajectory)))).toBe(true);
  });

  it('writes a trajectory without steps as JSON.stringify does', () => {
    const trajectory = parsed([]);
    expect(trajectory.steps).toEqual([]);
    expect(trajectoryJsonBytes(trajectory).toString()).toBe(JSON.stringify(trajectory));
  });
});
