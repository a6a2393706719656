import { defineSection } from '../report-section-entry.ts';
import { part, say, table } from '../section-blocks.ts';
import { loadMultiTurnRuns } from '../turn-data.ts';
import { revisionTable, turnTable } from '../turn-tables.ts';
import { buildTurns } from '../turns.ts';

const runsOfTasks = (runs: number) => `${runs} run${runs === 1 ? '' : 's'} of tasks with revision requests`;

/**
 * Multi-turn runs (tasks with revision requests): each turn's runs, successes, duration, tokens
 * and errors, and how targeted each revision turn was. Shown only when the workspace holds such runs.
 */
export const turnsSection = defineSection({
  id: 'turns',
  title: 'Multi-turn runs',
  compute: ({ db, data }) => buildTurns(loadMultiTurnRuns(db, data)),
  withoutVotes: true,
  tables: ({ turns }) => ({ byTurn: turnTable(turns), revisions: revisionTable(turns) }),
  render: ({ turns, tables }) => {
    if (turns.runs === 0) return null;
    return {
      blocks: [
        say(
          'muted',
          `${runsOfTasks(turns.runs)}, each sent in the same work folder and session once the turn before ended. A targeted revision changes few files and lines and leaves most of the turn before's output untouched.`,
        ),
        table(tables.turns.byTurn),
        ...(tables.turns.revisions.rows.length > 0 ? [part('Revision turns', [table(tables.turns.revisions)])] : []),
      ],
    };
  },
  card: 'own',
});
