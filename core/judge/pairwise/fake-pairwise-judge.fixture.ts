import { createHash } from 'node:crypto';
import { createXoshiro128Random } from '../../random/xoshiro128-random.ts';
import type { FakeResponder } from '../../model-apis/fake-model-api-server.fixture.ts';

/** What a side of a pairwise prompt shows, without its letter: the same text whichever side it is shown on. */
export function sidesOf(promptText: string): { first: string; second: string } | null {
  const match = /## Agent A\n([\s\S]*?)## Agent B\n([\s\S]*?)## Your reply/.exec(promptText);
  if (!match) return null;
  const strip = (side: string) => side.replace(/Agent [AB]/g, 'Agent');
  return { first: strip(match[1]!), second: strip(match[2]!) };
}

/** The run a scripted judge (and a scripted voter) prefers on its merits: the side whose shown material hashes lower, whichever side it is on. */
export const preferredOf = (x: string, y: string): 'x' | 'y' => (createHash('sha256').update(x).digest('hex') < createHash('sha256').update(y).digest('hex') ? 'x' : 'y');

/**
 * A scripted pairwise judge for the fake provider servers: with probability `favourFirst` it picks
 * the side shown first (Agent A, the left) whatever it shows, otherwise the side it prefers on its
 * merits (preferredOf), the same run whichever side it is on. Asked twice with the sides swapped,
 * such a judge picks different runs (flips) on a share `favourFirst` of the pairs in expectation:
 * a flip needs the first-side pick in the asking where its preferred run is shown second. Seeded,
 * so a test's flips are the same each run.
 */
export function pairwiseJudgeResponder(options: { favourFirst: number; seed: string }): FakeResponder {
  const random = createXoshiro128Random(options.seed);
  return (request) => {
    const sides = sidesOf(request.prompt.text);
    if (!sides) return { type: 'error', status: 400, message: 'the scripted pairwise judge was sent a prompt without "## Agent A" and "## Agent B"' };
    const winner = random.next() < options.favourFirst ? 'A' : preferredOf(sides.first, sides.second) === 'x' ? 'A' : 'B';
    return { type: 'text', text: JSON.stringify({ winner, reason: `Agent ${winner}'s work meets the instruction more fully.` }), usage: { input: 900, output: 40 } };
  };
}
