import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { exportAtif, importAtif } from './atif.ts';
import { harborValidationErrors } from './harbor-atif-validator.fixture.ts';
import { parseTranscriptFile } from './parse-harness-transcript.ts';
import { transcriptFixturePath } from '../harnesses/transcript-fixture-path.fixture.ts';


const temp = mkdtempSync(join(tmpdir(), 'lhb-atif-valid-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A command harness transcript (its stdout), written to a file the way a run leaves it. */
function commandTranscript(name: string, lines: unknown[]): string {
  const file = join(temp, `${name}.txt`);
  writeFileSync(file, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + (lines.length > 0 ? '\n' : ''));
  return file;
}

/** A minimal file Harbor accepts, to show the checker below refuses what Harbor refuses. */
const valid = () => ({
  schema_version: 'ATIF-v1.4',
  session_id: 's-1',
  agent: { name: 'claude-code', version: '2.1.332', model_name: 'claude-sonnet-4-5' },
  steps: [
    { step_id: 1, source: 'user', message: 'Build it.', timestamp: '2025-10-11T10:30:00Z' },
    {
      step_id: 2,
      source: 'agent',
      message: 'Listing.',
      tool_calls: [{ tool_call_id: 'c1', function_name: 'Bash', arguments: { command: 'ls' } }],
      observation: { results: [{ source_call_id: 'c1', content: 'index.html' }] },
      metrics: { prompt_tokens: 10, completion_tokens: 2, cached_tokens: 0 },
    },
  ],
});

describe("the test's restatement of Harbor's validator", () => {
  it('accepts a valid trajectory and refuses what Harbor refuses, naming the field', () => {
    expect(harborValidationErrors(valid())).toEqual([]);
    const broken: [string, (doc: ReturnType<typeof valid>) => void, RegExp][] = [
      ['no steps', (doc) => void (doc.steps = []), /^trajectory\.steps: /],
      ['metrics on a user step', (doc) => Object.assign(doc.steps[0]!, { metrics: { prompt_tokens: 1 } }), /steps\.0\.metrics: Field 'metrics' is only applicable when source is 'agent'/],
      ['a step id out of order', (doc) => void (doc.steps[1]!.step_id = 3), /steps\.1\.step_id: expected 2/],
      ['an unknown field', (doc) => Object.assign(doc.steps[1]!.observation!.results[0]!, { is_error: true }), /results\.0: Unrecognized key: "is_error"/],
      ['a result for a call of another step', (doc) => void (doc.steps[1]!.observation!.results[0]!.source_call_id = 'c9'), /source_call_id 'c9' which is not found in step 2/],
      ['a timestamp Python cannot read', (doc) => void (doc.steps[0]!.timestamp = 'yesterday'), /steps\.0\.timestamp: not an ISO 8601 timestamp/],
      ['arguments that are not an object', (doc) => void ((doc.steps[1]!.tool_calls![0] as { arguments: unknown }).arguments = ['ls']), /tool_calls\.0\.arguments: /],
      ['a fractional token count', (doc) => void (doc.steps[1]!.metrics!.prompt_tokens = 1.5), /metrics\.prompt_tokens: /],
      ['no agent version', (doc) => void delete (doc.agent as { version?: string }).version, /agent\.version: /],
    ];
    for (const [, breakIt, problem] of broken) {
      const doc = valid();
      breakIt(doc);
      expect(harborValidationErrors(doc).join('\n')).toMatch(problem);
    }
  });
});

describe('our ATIF export passes Harbor’s validator', () => {
  it.each<[HarnessId, string]>([
    ['claude-code', 'claude-code/four-tools.jsonl'],
    ['claude-code', 'claude-code/parallel-errors.jsonl'],
    ['claude-code', 'claude-code/api-error.jsonl'],
    ['claude-code', 'claude-code/haiku-subagent.jsonl'],
    ['codex', 'codex/four-calls-gpt-5.5.jsonl'],
    ['codex', 'codex/four-calls-unknown-model.jsonl'],
    ['codex', 'codex/mcp-verifier.jsonl'],
    ['codex', 'codex/turn-failed.jsonl'],
    ['gemini-cli', 'gemini-cli/four-tools.jsonl'],
    ['gemini-cli', 'gemini-cli/tool-errors.jsonl'],
  ])('%s %s', async (harness, path) => {
    const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(path));
    const atif = exportAtif(trajectory);
    expect(harborValidationErrors(atif)).toEqual([]);
    expect(importAtif(JSON.parse(JSON.stringify(atif)) as unknown)).toEqual(trajectory);
  });

  it('a command run whose usage arrives on system and user steps, with a timestamp Python cannot read and a repeated call id', async () => {
    const file = commandTranscript('usage-everywhere', [
      { type: 'step', source: 'system', text: 'You are a page builder.', timestamp: '2025-10-11T10:30:00Z' },
      { type: 'usage', input: 300, output: 0 },
      { type: 'step', source: 'user', text: 'Build the page.', timestamp: 'just now' },
      { type: 'usage', input: 20, output: 0, cacheRead: 5 },
      { type: 'step', source: 'agent', text: 'Building.' },
      { type: 'tool_call', id: 'c1', name: 'shell', arguments: { command: 'ls /missing' } },
      { type: 'tool_call', id: 'c1', name: 'shell', arguments: { command: 'ls out' } },
      { type: 'tool_result', id: 'c1', result: 'index.html', exitCode: 0 },
      { type: 'usage', input: 100, output: 40 },
      { type: 'outcome', outcome: 'completed' },
    ]);
    const trajectory = await parseTranscriptFile('command', file);
    expect(trajectory.steps.map((step) => [step.source, step.tokens?.input ?? null])).toEqual([
      ['system', 300],
      ['user', 20],
      ['agent', 100],
    ]);
    const atif = exportAtif(trajectory);
    expect(harborValidationErrors(atif)).toEqual([]);
    expect(importAtif(JSON.parse(JSON.stringify(atif)) as unknown)).toEqual(trajectory);
  });

  it('a run that printed nothing', async () => {
    const trajectory = await parseTranscriptFile('command', commandTranscript('empty', []));
    expect(trajectory.steps).toEqual([]);
    const atif = exportAtif(trajectory);
    expect(harborValidationErrors(atif)).toEqual([]);
    expect(importAtif(JSON.parse(JSON.stringify(atif)) as unknown)).toEqual(trajectory);
  });
});
