import type { Database } from 'better-sqlite3';
import type { PlanChangedEvent } from '../../schemas/jobs.ts';
import type { SourceLinesReader } from './source-lines-reader.ts';

/** What changed in a data room's plans, for screens that show them to read them again. */
export type PlanChange = Omit<PlanChangedEvent, 'type'>;

/** What every annotate operation needs: the workspace database and a way to read sources. */
export interface AnnotateDeps {
  db: Database;
  sources: SourceLinesReader;
  /** The clock; tests pass a fake one to step through typing bursts. Default: the real time. */
  now?: () => Date;
  /** Told after each committed change to a room's plans (the API passes it on to the UIs' event streams); absent, nobody listens. */
  announce?: (change: PlanChange) => void;
}

export function nowIso(deps: AnnotateDeps): string {
  return (deps.now?.() ?? new Date()).toISOString();
}

/** The change of `plan`'s rows as announced: the gold plan's, or one annotator's (null: the owner's). */
export function planChangeOf(plan: { dataRoomId: string; annotatorId: string | null; gold?: boolean | undefined }): PlanChange {
  return plan.gold ? { dataRoomId: plan.dataRoomId, what: 'gold', annotatorId: null } : { dataRoomId: plan.dataRoomId, what: 'plan', annotatorId: plan.annotatorId };
}
