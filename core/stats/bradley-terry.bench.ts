import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, timeProcess, type BenchResult, type TimedProcess } from '../../build/bench-harness.ts';
import { fitBradleyTerry } from './bradley-terry.ts';
import type { ComparisonWinner, PairwiseComparison } from './pairwise-comparison.ts';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';

const ROUNDS = 1000;
const TIE_SHARE = 0.2;

/**
 * The case (100,000 votes, 20 systems) and LMArena's scale (500,000 votes, 100 systems).
 * Point ratings must match SciPy's to 1e-6 in log-strength (nats; 1.7e-4 Elo): at 100 systems
 * L-BFGS-B with gtol 1e-9 itself stops a few 1e-6 Elo from the optimum Newton reaches.
 */
const NATS_PER_ELO = Math.log(10) / 400;
const CASES = [
  { votes: 100_000, systems: 20, runs: 5, target: (speedup: number, _wallMs: number, maxDelta: number) => ({ text: '≥ 10× less CPU time and point ratings within 1e-6 nats', met: speedup >= 10 && maxDelta * NATS_PER_ELO < 1e-6 }) },
  { votes: 500_000, systems: 100, runs: 1, target: (_speedup: number, wallMs: number, maxDelta: number) => ({ text: 'within 10 s whole process and point ratings within 1e-6 nats', met: wallMs < 10_000 && maxDelta * NATS_PER_ELO < 1e-6 }) },
] as const;

/**
 * The peer: the same method in NumPy/SciPy, the way an analysis notebook would write it. Votes
 * are collapsed into distinct (a, b, outcome) rows, the Bradley–Terry log-likelihood (ties as
 * half wins) is minimised with L-BFGS-B and an analytic gradient, and each bootstrap round
 * re-weights the rows by one multinomial draw and refits from the point estimate.
 */
const PEER_SCRIPT = String.raw`
import json, sys, time
import numpy as np
from scipy.optimize import minimize
started = time.process_time()
votes = json.load(open(sys.argv[1]))
rounds = int(sys.argv[2])
systems = sorted({v['a'] for v in votes} | {v['b'] for v in votes})
index = {s: i for i, s in enumerate(systems)}
n = len(systems)
outcome = {'a': 0, 'b': 1, 'tie': 2}
rows = np.array([(index[v['a']], index[v['b']], outcome[v['winner']]) for v in votes])
cells, counts = np.unique(rows, axis=0, return_counts=True)
a, b, o = cells[:, 0], cells[:, 1], cells[:, 2]
win_a = np.where(o == 0, 1.0, np.where(o == 1, 0.0, 0.5))

def matrix(weights):
    W = np.zeros((n, n))
    np.add.at(W, (a, b), weights * win_a)
    np.add.at(W, (b, a), weights * (1 - win_a))
    return W

def fit(W, start):
    def f(theta):
        d = theta[:, None] - theta[None, :]
        p = 1 / (1 + np.exp(-d))
        g = np.sum(W * (1 - p), axis=1) - np.sum(W.T * p, axis=1)
        return np.sum(W * np.logaddexp(0, -d)), -g
    r = minimize(f, start, jac=True, method='L-BFGS-B', options={'gtol': 1e-9, 'ftol': 1e-15, 'maxiter': 10000})
    return r.x - r.x.mean()

to_elo = lambda t: 1000 + 400 / np.log(10) * t
prepared = time.process_time()
theta = fit(matrix(counts.astype(float)), np.zeros(n))
rng = np.random.default_rng(1)
total = counts.sum()
samples = np.empty((rounds, n))
for r in range(rounds):
    draw = rng.multinomial(total, counts / total)
    samples[r] = to_elo(fit(matrix(draw.astype(float)), theta))
lo, hi = np.percentile(samples, [2.5, 97.5], axis=0)
finished = time.process_time()
print(json.dumps({'ratings': dict(zip(systems, to_elo(theta).tolist())), 'ci': {s: [lo[i], hi[i]] for i, s in enumerate(systems)},
                  'load_ms': (prepared - started) * 1000, 'fit_ms': (finished - prepared) * 1000}))
`;

/** `count` votes among `systems` systems spread over ±1.4 nats (0.15 nats, ≈ 26 Elo, apart in turn at 20), a fifth of them ties. */
function makeVotes(count: number, systems: number): PairwiseComparison[] {
  const random = createXoshiro128Random(systems === 20 ? 'bradley-terry-bench-v1' : `bradley-terry-bench-${count}-${systems}`);
  const strength = Array.from({ length: systems }, (_, i) => ((0.15 * 19) / (systems - 1)) * (i - (systems - 1) / 2));
  const name = (i: number) => `system-${String(i + 1).padStart(systems > 99 ? 3 : 2, '0')}`;
  return Array.from({ length: count }, () => {
    const i = random.int(systems);
    const j = (i + 1 + random.int(systems - 1)) % systems;
    let winner: ComparisonWinner = 'tie';
    if (random.next() >= TIE_SHARE) winner = random.next() < 1 / (1 + Math.exp(strength[j]! - strength[i]!)) ? 'a' : 'b';
    return { a: name(i), b: name(j), winner };
  });
}

const LHB = fileURLToPath(new URL('../../bin/lhb.mjs', import.meta.url));

/**
 * Both sides run without NODE_EXTRA_CA_CERTS: with it set, Node parses every certificate in that
 * file when it starts, before any script runs (a machine that points it at the system's bundle
 * pays about 40 ms of CPU per process here), and Python ignores it. When the shell has it, ours
 * is measured with it too and printed beside the figure.
 */
const WITHOUT_EXTRA_CA_CERTS: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_EXTRA_CA_CERTS'));

/**
 * Bradley–Terry with 1,000 bootstrap rounds on 100,000 votes among 20 systems and on 500,000
 * among 100, whole process (start-up, reading the votes, fitting, printing): `lhb stats bt`
 * against Chatbot Arena's method in NumPy/SciPy (L-BFGS-B, multinomial re-weighting) on the same
 * votes, both pinned to one CPU and interleaved; and how far apart the point ratings are. The
 * figure and the ratio are CPU time (user + system, every thread): on a busy machine a wall
 * time counts other processes' turns on the CPU and a ratio of two swings with the load; the
 * wall times are printed beside them. Ours re-weights by Poisson draws and refits by the chord
 * method; bradley-terry-coverage.test.ts and bradley-terry.test.ts show the intervals are the
 * same statistically.
 */
export default async function benchBradleyTerry(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const { votes: count, systems, runs, target } of CASES) results.push(await benchCase(count, systems, runs, target));
  return results;
}

async function benchCase(count: number, systems: number, runs: number, target: (typeof CASES)[number]['target']): Promise<BenchResult> {
  const votes = makeVotes(count, systems);
  const name = `Bradley–Terry fit + ${ROUNDS} bootstrap rounds (${count} votes, ${systems} systems), whole process`;
  const inProcess: number[] = [];
  let result = fitBradleyTerry(votes, { bootstrap: ROUNDS, seed: 1 });
  for (let run = 0; run < runs; run++) {
    const started = process.cpuUsage();
    result = fitBradleyTerry(votes, { bootstrap: ROUNDS, seed: 1 });
    const { user, system } = process.cpuUsage(started);
    inProcess.push((user + system) / 1000);
  }

  const dir = mkdtempSync(join(tmpdir(), 'lhb-bt-bench-'));
  try {
    const script = join(dir, 'bradley_terry_peer.py');
    const data = join(dir, 'votes.json');
    writeFileSync(script, PEER_SCRIPT);
    writeFileSync(data, JSON.stringify(votes));
    const input = Buffer.from(JSON.stringify({ comparisons: votes, bootstrap: ROUNDS, seed: 1 }));
    const ours: TimedProcess[] = [];
    const peers: TimedProcess[] = [];
    let reference: { ratings: Record<string, number>; ci: Record<string, [number, number]>; load_ms: number; fit_ms: number } | undefined;
    const loadBefore = loadavg()[0]!;
    const asSet: TimedProcess[] = [];
    for (let run = 0; run < runs; run++) {
      ours.push(timeProcess(process.execPath, [LHB, 'stats', 'bt'], { input, oneCpu: true, env: WITHOUT_EXTRA_CA_CERTS }));
      if (process.env.NODE_EXTRA_CA_CERTS) asSet.push(timeProcess(process.execPath, [LHB, 'stats', 'bt'], { input, oneCpu: true }));
      try {
        const peer = timeProcess('python3', [script, data, String(ROUNDS)], { oneCpu: true, env: WITHOUT_EXTRA_CA_CERTS });
        peers.push(peer);
        reference = JSON.parse(peer.stdout) as typeof reference;
      } catch (error) {
        return { name, unit: 'ms', value: median(ours.map((t) => t.cpuMs)), detail: `peer did not run (python3 with numpy and scipy needed): ${(error as Error).message}` };
      }
    }
    const cli = JSON.parse(ours[ours.length - 1]!.stdout) as { ratings: Record<string, number> };
    const maxDelta = Math.max(...result.systems.map((system) => Math.abs(cli.ratings[system]! - reference!.ratings[system]!)));
    const maxCiDelta = Math.max(...result.systems.flatMap((system) => [0, 1].map((k) => Math.abs(result.ci![system]![k]! - reference!.ci[system]![k]!))));
    const cpu = (times: TimedProcess[]) => median(times.map((t) => t.cpuMs));
    const wall = (times: TimedProcess[]) => median(times.map((t) => t.wallMs));
    const list = (times: TimedProcess[]) => times.map((t) => `${t.cpuMs.toFixed(0)} (${t.wallMs.toFixed(0)})`).join(', ');
    return {
      name: `${name} (${result.cells} distinct cells), CPU time (user + system)`,
      unit: 'ms',
      value: cpu(ours),
      peer: { name: "Chatbot Arena's method in NumPy/SciPy, L-BFGS-B and multinomial bootstrap (python3, whole process)", value: cpu(peers) },
      target: target(cpu(peers) / cpu(ours), wall(ours), maxDelta),
      detail:
        `the ratio is of CPU times, since wall times on a loaded machine count other processes' turns; ` +
        `CPU (wall) ms: lhb stats bt ${list(ours)}, python3 ${list(peers)}; wall medians ${wall(ours).toFixed(0)} and ${wall(peers).toFixed(0)} ms (wall ratio ${(wall(peers) / wall(ours)).toFixed(1)}×); ` +
        (asSet.length > 0
          ? `with this shell's NODE_EXTRA_CA_CERTS, which Node reads at every start before any script runs, lhb stats bt takes ${list(asSet)} (median ${cpu(asSet).toFixed(0)} ms CPU, ${(cpu(peers) / cpu(asSet)).toFixed(1)}× less than SciPy's); `
          : '') +
        `in one process, warm, the fit and bootstrap take ${median(inProcess).toFixed(0)} ms CPU, SciPy's ${reference!.fit_ms.toFixed(0)} ms CPU after ${reference!.load_ms.toFixed(0)} ms CPU loading; ` +
        `max |Δ Elo| ${maxDelta.toExponential(2)}; 95% CI ends differ by at most ${maxCiDelta.toFixed(2)} Elo (different random draws); ` +
        `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after (${availableParallelism()} cores)`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
