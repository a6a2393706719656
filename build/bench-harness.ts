import { spawnSync } from 'node:child_process';

export interface BenchResult {
  name: string;
  unit: string;
  value: number;
  peer?: { name: string; value: number };
  target?: { text: string; met: boolean };
  detail?: string;
}

/** Wall time of one command, run `runs` times after a warm-up; samples in ms. */
export function timeCommand(command: string, args: string[], runs: number, cwd?: string): number[] {
  const once = () => {
    const started = process.hrtime.bigint();
    const result = spawnSync(command, args, { cwd, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  for (let i = 0; i < 3; i++) once();
  return Array.from({ length: runs }, once);
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * p;
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const median = (samples: number[]) => percentile(samples, 0.5);

export function formatResult(r: BenchResult): string {
  const parts = [`${r.name}: ${r.value.toFixed(1)} ${r.unit}`];
  if (r.peer) parts.push(`peer ${r.peer.name}: ${r.peer.value.toFixed(1)} ${r.unit}, ratio ${(r.value / r.peer.value).toFixed(2)}×`);
  if (r.target) parts.push(`target ${r.target.text}: ${r.target.met ? 'met' : 'NOT met'}`);
  if (r.detail) parts.push(r.detail);
  return parts.join(' | ');
}
