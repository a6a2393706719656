import { closeSync, openSync, writeSync } from 'node:fs';
import { createXoshiro128Random } from '../../../random/xoshiro128-random.ts';

const COMMANDS = ['npm run build 2>&1 | tail -200', 'ls -la src', 'cat src/App.tsx', 'npx tsc --noEmit', "grep -rn 'useMemo' src", 'node scripts/check.mjs'];
const OUTPUT_LINES = [
  "import { useMemo, useState } from 'react';",
  '  const visible = useMemo(() => rows.filter((row) => filter === "all" || row.kind === filter), [rows, filter]);',
  'vite v5.4.2 building for production...',
  'dist/assets/index-4f9a1c.js   143.21 kB | gzip: 46.07 kB',
  "src/App.tsx(12,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  '✓ 1532 modules transformed — 2.31 s',
  'drwxr-xr-x  5 agent agent  4096 Nov 30 10:22 node_modules',
];

/**
 * A generated command-harness transcript (README, "The command harness") of about `targetBytes`:
 * turn after turn of an agent's thought, one shell call, its output (mostly short, some pages, a
 * few whole build logs) and the model call's usage, as an agent scripted in the command harness
 * prints them.
 */
export function writeCommandTranscriptFile(path: string, targetBytes: number, seed = 'lhb-command-transcript'): number {
  const random = createXoshiro128Random(seed);
  const fd = openSync(path, 'w');
  let written = 0;
  let turns = 0;
  try {
    written += writeSync(fd, `${JSON.stringify({ type: 'session', model: 'scripted-model', sessionId: 'generated-session', harnessVersion: '1.0.0' })}\n`);
    let buffered: string[] = [];
    let bufferedChars = 0;
    const emit = (event: unknown) => {
      const line = `${JSON.stringify(event)}\n`;
      buffered.push(line);
      bufferedChars += line.length;
    };
    while (written < targetBytes) {
      turns++;
      emit({ type: 'step', source: 'agent', text: `Turn ${turns}: the build output shows what to change next in the dashboard's table, so I run the next check.` });
      const id = `call-${turns}`;
      emit({ type: 'tool_call', id, name: 'shell', arguments: { command: COMMANDS[random.int(COMMANDS.length)] } });
      const roll = random.next();
      const size = roll < 0.7 ? 80 + random.int(3000) : roll < 0.97 ? 4_000 + random.int(40_000) : 100_000 + random.int(400_000);
      const output: string[] = [];
      for (let length = 0, n = 1; length < size; n++) {
        const line = `${String(n).padStart(5)}  ${OUTPUT_LINES[random.int(OUTPUT_LINES.length)]}`;
        output.push(line);
        length += line.length + 1;
      }
      const failed = random.next() < 0.1;
      emit({ type: 'tool_result', id, result: output.join('\n'), exitCode: failed ? 1 : 0, durationMs: 50 + random.int(5000) });
      emit({ type: 'usage', input: 1200 + random.int(40_000), output: 50 + random.int(800), cacheRead: random.int(30_000), costUsd: 0.01 });
      if (bufferedChars > 4_000_000 || written + bufferedChars >= targetBytes) {
        written += writeSync(fd, buffered.join(''));
        buffered = [];
        bufferedChars = 0;
      }
    }
    written += writeSync(fd, `${JSON.stringify({ type: 'outcome', outcome: 'completed', durationMs: turns * 900 })}\n`);
  } finally {
    closeSync(fd);
  }
  return turns;
}
