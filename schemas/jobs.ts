import { z } from 'zod';

export const JobStateSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type JobState = z.infer<typeof JobStateSchema>;

export const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

/** Long work (ingesting, running harnesses, judging, exporting) is a job with progress. */
export const JobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  state: JobStateSchema,
  /** Units done so far and units expected; `total` is 0 while unknown. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Items (files, folders) it could not do while the rest succeeded; absent when none failed or the job has no items. */
  failed: z.number().int().positive().optional(),
  /** What the job is doing now, or why it ended, in words a user can act on. */
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof JobSchema>;

/** Pushed to the UIs (SSE in browser mode, IPC events in Electron) whenever a job changes. */
export const JobEventSchema = z.object({
  type: z.literal('job'),
  job: JobSchema,
});
export type JobEvent = z.infer<typeof JobEventSchema>;

/** Another process (an `lhb` command, a detached study) wrote to the workspace: screens showing what it may have changed reload it. */
export const StoreChangedEventSchema = z.object({ type: z.literal('store-changed') });

/**
 * This process wrote to a data room's plans: `plan` names whose (an annotator's id; null, the
 * workspace owner's), `gold` the room's gold plan (a curator's decision), `room` the room itself
 * (its title, or whether its plans are shared). Screens showing that room read it again; an SME's
 * invite link is sent only its own room's changes that its page shows (core/api/plan-invite-scope.ts).
 */
export const PlanChangedEventSchema = z.object({
  type: z.literal('plan-changed'),
  dataRoomId: z.string(),
  what: z.enum(['plan', 'gold', 'room']),
  annotatorId: z.string().nullable(),
});
export type PlanChangedEvent = z.infer<typeof PlanChangedEventSchema>;

export const AppEventSchema = z.discriminatedUnion('type', [JobEventSchema, StoreChangedEventSchema, PlanChangedEventSchema]);
export type AppEvent = z.infer<typeof AppEventSchema>;
