import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { arenaAnnotators } from './handlers/arena-annotators.ts';
import { arenaCreateAnnotator } from './handlers/arena-create-annotator.ts';
import { arenaInvite } from './handlers/arena-invite.ts';
import { arenaInvites } from './handlers/arena-invites.ts';
import { arenaRevokeInvite } from './handlers/arena-revoke-invite.ts';
import { arenaNextPair } from './handlers/arena-next-pair.ts';
import { arenaStudy } from './handlers/arena-study.ts';
import { arenaUndoLastVote } from './handlers/arena-undo-last-vote.ts';
import { arenaVote } from './handlers/arena-vote.ts';
import { arenaVotes } from './handlers/arena-votes.ts';
import { runsImportPaths } from './handlers/runs-import-paths.ts';
import { runsList } from './handlers/runs-list.ts';
import { tasksList } from './handlers/tasks-list.ts';

/** Tasks and runs (core/runs) and the blind preference arena (core/arena). */
export function registerArenaHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('runs.importPaths', runsImportPaths)
    .add('runs.list', runsList)
    .add('tasks.list', tasksList)
    .add('arena.annotators', arenaAnnotators)
    .add('arena.createAnnotator', arenaCreateAnnotator)
    .add('arena.nextPair', arenaNextPair)
    .add('arena.vote', arenaVote)
    .add('arena.undoLastVote', arenaUndoLastVote)
    .add('arena.votes', arenaVotes)
    .add('arena.study', arenaStudy)
    .add('arena.invite', arenaInvite)
    .add('arena.invites', arenaInvites)
    .add('arena.revokeInvite', arenaRevokeInvite);
}
