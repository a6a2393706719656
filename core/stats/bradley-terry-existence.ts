// Whether the Bradley–Terry maximum-likelihood estimate exists for a win matrix, and if not, why.
// It exists exactly when the "beat or tied" graph is strongly connected (Ford 1957; Hunter
// 2004): every split of the systems into two groups has a win or a tie from each side to the
// other. Otherwise some strength runs off to ±∞ and the fit needs a ridge. Pure.

export type BradleyTerryFlagCode = 'no-wins' | 'no-losses' | 'disconnected' | 'separated' | 'ridge-in-bootstrap';

export interface BradleyTerryFlag {
  code: BradleyTerryFlagCode;
  /** The systems the flag is about. */
  systems: string[];
  message: string;
}

/** True when every system reaches every other along "i beat or tied j" edges. */
export function mleExists(wins: Float64Array, n: number): boolean {
  return createMleExistenceCheck(n)(wins);
}

/** `mleExists` for many win matrices on n systems, with its search buffers allocated once (the bootstrap asks it every round). */
export function createMleExistenceCheck(n: number): (wins: Float64Array) => boolean {
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  return (wins) => reachCount(wins, n, 0, false, seen, stack) === n && reachCount(wins, n, 0, true, seen, stack) === n;
}

/** Why the MLE does not exist, naming the systems; empty when it exists. */
export function nonExistenceFlags(wins: Float64Array, systems: readonly string[]): BradleyTerryFlag[] {
  const n = systems.length;
  if (mleExists(wins, n)) return [];
  const flags: BradleyTerryFlag[] = [];
  const noWins: string[] = [];
  const noLosses: string[] = [];
  for (let i = 0; i < n; i++) {
    let won = 0;
    let lost = 0;
    for (let j = 0; j < n; j++) {
      won += wins[i * n + j]!;
      lost += wins[j * n + i]!;
    }
    if (won === 0) noWins.push(systems[i]!);
    if (lost === 0) noLosses.push(systems[i]!);
  }
  if (noWins.length > 0) flags.push({ code: 'no-wins', systems: noWins, message: `${noWins.join(', ')} never won or tied, so the maximum-likelihood rating is −∞; a small ridge keeps it finite` });
  if (noLosses.length > 0) flags.push({ code: 'no-losses', systems: noLosses, message: `${noLosses.join(', ')} never lost or tied, so the maximum-likelihood rating is +∞; a small ridge keeps it finite` });
  const components = connectedComponents(wins, n).map((component) => component.map((i) => systems[i]!));
  if (components.length > 1) {
    const others = components.slice(1).flat();
    flags.push({
      code: 'disconnected',
      systems: others,
      message: `the comparisons form ${components.length} unconnected groups (${components.map((c) => c.join(', ')).join(' | ')}); ratings across groups are set only by the ridge`,
    });
  }
  if (flags.length === 0) {
    const unbeaten = unbeatenGroup(wins, n).map((i) => systems[i]!);
    flags.push({ code: 'separated', systems: unbeaten, message: `${unbeaten.join(', ')} never lost to a system outside their group, so their lead is unbounded; a small ridge keeps it finite` });
  }
  return flags;
}

/** How many systems are reachable from `from` along beat-or-tied edges (or the reverse edges), searching with the caller's buffers. */
function reachCount(wins: Float64Array, n: number, from: number, reverse: boolean, seen: Uint8Array, stack: Int32Array): number {
  seen.fill(0);
  seen[from] = 1;
  stack[0] = from;
  let top = 1;
  let count = 1;
  while (top > 0) {
    const i = stack[--top]!;
    for (let j = 0; j < n; j++) {
      const edge = reverse ? wins[j * n + i]! : wins[i * n + j]!;
      if (edge > 0 && seen[j] === 0) {
        seen[j] = 1;
        stack[top++] = j;
        count++;
      }
    }
  }
  return count;
}

function reachable(wins: Float64Array, n: number, from: number, reverse: boolean): Set<number> {
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let j = 0; j < n; j++) {
      const edge = reverse ? wins[j * n + i]! : wins[i * n + j]!;
      if (edge > 0 && !seen.has(j)) {
        seen.add(j);
        stack.push(j);
      }
    }
  }
  return seen;
}

function connectedComponents(wins: Float64Array, n: number): number[][] {
  const component = new Array<number>(n).fill(-1);
  const components: number[][] = [];
  for (let start = 0; start < n; start++) {
    if (component[start] !== -1) continue;
    const members = [start];
    component[start] = components.length;
    for (let k = 0; k < members.length; k++) {
      const i = members[k]!;
      for (let j = 0; j < n; j++) {
        if (component[j] === -1 && wins[i * n + j]! + wins[j * n + i]! > 0) {
          component[j] = components.length;
          members.push(j);
        }
      }
    }
    components.push(members.sort((x, y) => x - y));
  }
  return components;
}

/**
 * A smallest group that no outsider ever beat or tied: the systems that can reach system i
 * along reversed edges, for the i whose such set is smallest but not everyone.
 */
function unbeatenGroup(wins: Float64Array, n: number): number[] {
  let best: number[] = [];
  for (let i = 0; i < n; i++) {
    // Everyone who beat or tied i, directly or through a chain, belongs to i's unbeaten group.
    const group = [...reachable(wins, n, i, true)];
    if (group.length < n && (best.length === 0 || group.length < best.length)) best = group;
  }
  return best.sort((x, y) => x - y);
}
