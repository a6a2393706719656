import { closeSync, openSync, writeSync } from 'node:fs';
import { createXoshiro128Random } from '../../../random/xoshiro128-random.ts';
import type { SeededRandom } from '../../../random/random-source.ts';

/**
 * A generated Claude Code stream-json transcript of about `targetBytes` (tool results mostly
 * small, some pages, a few huge, as real runs have), written to `path`; the same seed gives the
 * same file. `nonAsciiShare` of the results' lines carry a non-ASCII character.
 */
export function writeClaudeCodeTranscriptFile(path: string, targetBytes: number, nonAsciiShare: number, seed = 'lhb-transcript-bench'): void {
  const fd = openSync(path, 'w');
  try {
    writeClaudeCodeTranscript(fd, createXoshiro128Random(seed), nonAsciiShare, targetBytes);
  } finally {
    closeSync(fd);
  }
}

const SESSION = '6f1c2a34-0d7e-4b8a-9c51-2e4f7a9b3c10';
const MODEL = 'claude-sonnet-4-5';
const NON_ASCII_LINES = [
  '// Totals per region, in €, rounded to cents — see README § "Données"',
  '✓ 1532 modules transformed.',
  "  label: 'Zürich → Genève', note: 'naïve café',",
];
const ASCII_LINES = [
  "import { useMemo, useState } from 'react';",
  'export function Dashboard({ rows }: { rows: Row[] }) {',
  '  const [filter, setFilter] = useState("all");',
  '  const visible = useMemo(() => rows.filter((row) => filter === "all" || row.kind === filter), [rows, filter]);',
  '  return <table className="grid">{visible.map((row) => <tr key={row.id}><td>{row.name}</td></tr>)}</table>;',
  '}',
  "const label = `Revenue: ${formatter.format(total)}\\t(${rows.length} rows)`;",
  '    at render (/work/app/src/Dashboard.tsx:42:17)',
  'vite v5.4.2 building for production...',
  'dist/assets/index-4f9a1c.js   143.21 kB | gzip: 46.07 kB',
  "src/App.tsx(12,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  'drwxr-xr-x  5 agent agent  4096 Nov 30 10:22 node_modules',
  '{"name":"dashboard","version":"0.1.0","scripts":{"build":"vite build"}}',
];

/** A tool result of a realistic size: mostly small, some pages, a few huge (a whole log or bundle). */
function resultText(random: SeededRandom, nonAsciiShare: number): string {
  const roll = random.next();
  const size = roll < 0.7 ? 80 + random.int(3000) : roll < 0.95 ? 4_000 + random.int(60_000) : roll < 0.999 ? 100_000 + random.int(900_000) : 5_000_000;
  const lines: string[] = [];
  let length = 0;
  let n = 1;
  while (length < size) {
    const pool = random.next() < nonAsciiShare ? NON_ASCII_LINES : ASCII_LINES;
    const line = `${String(n++).padStart(6)}\t${pool[random.int(pool.length)]}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

function writeClaudeCodeTranscript(fd: number, random: SeededRandom, nonAsciiShare: number, targetBytes: number): void {
  let written = 0;
  let buffered: string[] = [];
  let bufferedChars = 0;
  const emit = (event: unknown) => {
    const line = `${JSON.stringify(event)}\n`;
    buffered.push(line);
    bufferedChars += line.length;
    if (bufferedChars > 4_000_000) flush();
  };
  const flush = () => {
    written += writeSync(fd, buffered.join(''));
    buffered = [];
    bufferedChars = 0;
  };
  emit({ type: 'system', subtype: 'init', cwd: '/work/app', session_id: SESSION, tools: ['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'Write', 'WebFetch'], mcp_servers: [], model: MODEL, permissionMode: 'bypassPermissions', claude_code_version: '2.1.332' });
  let turn = 0;
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 30, 10) + ms).toISOString();
  const assistant = (messageId: string, content: unknown) => ({
    type: 'assistant',
    message: { id: messageId, type: 'message', role: 'assistant', model: MODEL, content: [content], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1200 + random.int(40_000), output_tokens: 1, cache_creation_input_tokens: random.int(2000), cache_read_input_tokens: random.int(30_000) } },
    parent_tool_use_id: null,
    session_id: SESSION,
    uuid: `u-${turn}-${random.int(1e9)}`,
    timestamp: at(turn * 900),
  });
  while (written + bufferedChars < targetBytes) {
    turn++;
    const messageId = `msg_${turn.toString(36).padStart(8, '0')}`;
    const callId = `toolu_${turn.toString(36).padStart(12, '0')}`;
    if (random.next() < 0.6) emit(assistant(messageId, { type: 'text', text: `Step ${turn}: checking the build output and the dashboard's table before the next edit.` }));
    const kind = random.int(5);
    const failed = random.next() < 0.12;
    const text = resultText(random, nonAsciiShare);
    let input: Record<string, unknown>;
    let toolUseResult: unknown;
    let content = text;
    if (kind === 0) {
      input = { file_path: `/work/app/src/component-${turn % 40}.tsx` };
      toolUseResult = { type: 'text', file: { filePath: input.file_path, content: text, numLines: text.split('\n').length } };
    } else if (kind === 1 || kind === 2) {
      input = { command: random.next() < 0.5 ? 'npm run build 2>&1 | tail -200' : `ls -la src/${turn % 7}`, description: 'Build the app' };
      content = failed ? `Exit code 1\n${text}` : text;
      toolUseResult = { stdout: text, stderr: '', interrupted: false, isImage: false };
    } else if (kind === 3) {
      input = { file_path: `/work/app/src/component-${turn % 40}.tsx`, old_string: ASCII_LINES[random.int(ASCII_LINES.length)], new_string: ASCII_LINES[random.int(ASCII_LINES.length)], replace_all: false };
      content = failed ? '<tool_use_error>String to replace not found in file.</tool_use_error>' : `The file ${String(input.file_path)} has been updated.`;
      toolUseResult = failed ? `Error: ${content}` : { filePath: input.file_path, oldString: input.old_string, newString: input.new_string, structuredPatch: [] };
    } else {
      input = { pattern: 'useMemo', path: '/work/app/src', output_mode: 'content' };
      toolUseResult = { mode: 'content', numFiles: 12, content: text };
    }
    const name = ['Read', 'Bash', 'Bash', 'Edit', 'Grep'][kind]!;
    emit(assistant(messageId, { type: 'tool_use', id: callId, name, input }));
    emit({ type: 'user', message: { role: 'user', content: [{ tool_use_id: callId, type: 'tool_result', content, is_error: failed && kind !== 0 && kind !== 4 }] }, parent_tool_use_id: null, session_id: SESSION, uuid: `r-${turn}`, timestamp: at(turn * 900 + 450), tool_use_result: toolUseResult });
    // Interleaved stderr, as a harness writing warnings to the same stream would.
    if (random.next() < 0.002) {
      buffered.push('(node:4242) Warning: something on stderr\n');
      bufferedChars += 41;
    }
  }
  emit({ type: 'result', subtype: 'success', is_error: false, duration_ms: turn * 900, duration_api_ms: turn * 600, num_turns: turn, result: 'Done.', session_id: SESSION, total_cost_usd: 12.34, usage: { input_tokens: 1_000_000, output_tokens: 200_000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } });
  flush();
}
