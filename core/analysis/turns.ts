import type { RevisionFigures, TurnFigures, Turns } from '../../schemas/analysis.ts';
import type { RevisionFootprint } from './revision-footprint.ts';
import type { MultiTurnRun } from './turn-data.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The mean of the values that are known, and how many there are. */
function meanOf(values: readonly (number | null)[]): { mean: number | null; runs: number } {
  const known = values.filter((value): value is number => value !== null);
  return { mean: known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length, runs: known.length };
}

/**
 * Multi-turn runs turn by turn, per configuration (by label, then turn): each turn's runs,
 * successes, mean duration and tokens, errors and recoveries; and for each revision turn its
 * footprint on `out/` against the turn before (revision-footprint.ts), averaged over the runs
 * whose two snapshots are stored.
 */
export function buildTurns(runs: readonly MultiTurnRun[]): Turns {
  const byTurn: TurnFigures[] = [];
  const revisions: RevisionFigures[] = [];
  const configs = new Map<string, { label: string; runs: MultiTurnRun[] }>();
  for (const run of runs) {
    const entry = configs.get(run.config) ?? { label: run.label, runs: [] };
    entry.runs.push(run);
    configs.set(run.config, entry);
  }
  const ordered = [...configs].sort(([xId, x], [yId, y]) => byText(x.label, y.label) || byText(xId, yId));
  for (const [config, { label, runs: ofConfig }] of ordered) {
    const lastTurn = Math.max(...ofConfig.map((run) => run.turns.length));
    for (let turn = 1; turn <= lastTurn; turn++) {
      const reached = ofConfig.flatMap((run) => {
        const record = run.turns.find((t) => t.turn === turn);
        return record ? [{ run, record }] : [];
      });
      byTurn.push({
        config,
        label,
        turn,
        runs: reached.length,
        succeeded: reached.filter(({ record }) => record.status === 'succeeded').length,
        durationMs: meanOf(reached.map(({ record }) => record.durationMs)),
        tokensInput: meanOf(reached.map(({ record }) => record.tokensInput)),
        tokensOutput: meanOf(reached.map(({ record }) => record.tokensOutput)),
        errors: reached.reduce((sum, { record }) => sum + record.errors, 0),
        recovered: reached.reduce((sum, { record }) => sum + record.recovered, 0),
      });
      if (turn === 1) continue;
      const footprints: RevisionFootprint[] = reached.flatMap(({ record }) => (record.footprint ? [record.footprint] : []));
      revisions.push({
        config,
        label,
        turn,
        runs: footprints.length,
        filesChanged: meanOf(footprints.map((f) => f.filesChanged)),
        linesChanged: meanOf(footprints.map((f) => f.linesChanged)),
        untouchedShare: meanOf(footprints.map((f) => f.untouchedShare)),
      });
    }
  }
  return { runs: runs.length, byTurn, revisions };
}
