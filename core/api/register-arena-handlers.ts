import { createAnnotator, listAnnotatorViews } from '../arena/annotators.ts';
import { castVote } from '../arena/cast-vote.ts';
import { setFastVoteFloorMs } from '../arena/fast-vote-floor.ts';
import { createInvite, listInviteViews, revokeInvite } from '../arena/invites.ts';
import { nextItem } from '../arena/next-item.ts';
import { ownVotes } from '../arena/own-votes.ts';
import { studyPanel } from '../arena/study-panel.ts';
import { undoLastVote } from '../arena/undo-last-vote.ts';
import { bundleImportJobResult } from '../runs/bundles/import-bundles-job.ts';
import { listTaskSummaries } from '../runs/run-views.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { runArena } from './handlers/arena-context.ts';
import { fullId } from './handlers/full-id.ts';
import { runsImportPaths } from './handlers/runs-import-paths.ts';
import { runsList } from './handlers/runs-list.ts';

/** Tasks and runs (core/runs) and the blind preference arena (core/arena). */
export function registerArenaHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('runs.importPaths', runsImportPaths)
    // What an import job did, per folder, once it has ended (lhb runs import prints it).
    .add('runs.importResult', ({ jobId }, { jobs }) => ({ result: bundleImportJobResult(jobs, jobId) ?? null }))
    .add('runs.list', runsList)
    .add('tasks.list', (_input, ctx) => ({ tasks: listTaskSummaries(ctx.workspace.db) }))
    .add('arena.annotators', (_input, ctx) => runArena(ctx, (deps) => ({ annotators: listAnnotatorViews(deps.db) })))
    .add('arena.createAnnotator', (input, ctx) => runArena(ctx, (deps) => createAnnotator(deps, input.name, input.queueSeed === undefined ? {} : { queueSeed: input.queueSeed })))
    .add('arena.nextPair', (input, ctx) => runArena(ctx, (deps) => nextItem(deps, input.annotatorId, input.allowRepeats, input.turn)))
    .add('arena.vote', (input, ctx) => runArena(ctx, (deps) => castVote(deps, input)))
    .add('arena.undoLastVote', (input, ctx) => runArena(ctx, (deps) => undoLastVote(deps, input.annotatorId)))
    .add('arena.votes', (input, ctx) => runArena(ctx, (deps) => ({ votes: ownVotes(deps.db, input.annotatorId) })))
    .add('arena.study', (_input, ctx) => runArena(ctx, (deps) => studyPanel(deps.db)))
    .add('arena.setFastVoteFloor', (input, ctx) => runArena(ctx, (deps) => ({ fastVoteFloorMs: setFastVoteFloorMs(deps.db, input.fastVoteFloorMs) })))
    .add('arena.invite', (input, ctx) => runArena(ctx, (deps) => createInvite(deps.db, input)))
    .add('arena.invites', (_input, ctx) => runArena(ctx, (deps) => ({ invites: listInviteViews(deps.db) })))
    .add('arena.revokeInvite', (input, ctx) => runArena(ctx, (deps) => revokeInvite(deps.db, fullId(ctx, ['voter_invites'], input.inviteId))));
}
