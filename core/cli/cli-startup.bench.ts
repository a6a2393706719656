import { fileURLToPath } from 'node:url';
import { median, percentile, timeCommand, type BenchResult } from '../../build/bench-harness.ts';

const LHB = fileURLToPath(new URL('../../bin/lhb.mjs', import.meta.url));
const RUNS = 40;

/** `lhb --help` wall time against bare Node start-up (`node -e 0`) measured in the same run. */
export default function benchCliStartup(): BenchResult[] {
  // Interleave the two so drift in machine load hits both alike.
  const cli: number[] = [];
  const peer: number[] = [];
  for (let i = 0; i < RUNS / 10; i++) {
    cli.push(...timeCommand(process.execPath, [LHB, '--help'], 10));
    peer.push(...timeCommand(process.execPath, ['-e', '0'], 10));
  }
  const value = median(cli);
  return [
    {
      name: 'lhb --help wall time (median)',
      unit: 'ms',
      value,
      peer: { name: 'node -e 0', value: median(peer) },
      target: { text: '< 150 ms', met: value < 150 },
      detail: `p90 ${percentile(cli, 0.9).toFixed(1)} ms over ${cli.length} runs`,
    },
  ];
}
