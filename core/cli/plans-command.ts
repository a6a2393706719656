import { formatCountOf } from '../../schemas/format-number.ts';
import { PLAN_COMPARISON_METHOD, type ComparedSpan, type PlanComparison, type PlanSubmission, type SpanAgreement } from '../../schemas/plan-review.ts';
import type { Api } from '../api/create-api.ts';
import { runInviteCommand, type InviteCommandOptions } from './arena-invite-command.ts';
import { withCliApi } from './open-cli-api.ts';
import { resolveRoom } from './room-reference.ts';

interface RoomOptions {
  room: string;
  workspace?: string;
}

const counts = (s: PlanSubmission) => `${formatCountOf(s.chapterCount, 'chapter')}, ${formatCountOf(s.citationCount, 'citation')}`;
const approval = (s: PlanSubmission) => (s.approval ? `approved by ${s.approval.by} at ${s.approval.at}` : 'not approved');
const write = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};

/** Runs `work` on the room the `--room` option names. */
async function onRoom(options: RoomOptions, access: 'read' | 'write', work: (api: Api, room: { id: string; title: string }) => Promise<void>): Promise<void> {
  await withCliApi(options.workspace, async (api) => work(api, await resolveRoom(api, options.room)), { access });
}

/** `lhb plans submit --room R --annotator NAME`: NAME's own plan of the room as it is now. */
export async function runPlansSubmit(options: RoomOptions & { annotator: string }): Promise<void> {
  await onRoom(options, 'write', async (api, room) => {
    const { submission, clearedApproval } = await api.call('plans.submit', { dataRoomId: room.id, annotator: options.annotator });
    write(`Submitted ${submission.annotator}'s plan of "${room.title}" (${counts(submission)}).`);
    if (clearedApproval) write(`It replaces the plan ${clearedApproval.by} approved at ${clearedApproval.at}; the new plan is not approved yet.`);
  });
}

/** `lhb plans list --room R [--json]`: each annotator's submitted plan and its approval. */
export async function runPlansList(options: RoomOptions & { json?: boolean }): Promise<void> {
  await onRoom(options, 'read', async (api, room) => {
    const { submissions } = await api.call('plans.list', { dataRoomId: room.id });
    if (options.json) return write(JSON.stringify(submissions, null, 2));
    if (submissions.length === 0) return write(`No plan of "${room.title}" has been submitted yet (lhb plans submit --room ... --annotator NAME).`);
    for (const s of submissions) {
      write(`${s.annotator}  submitted ${s.submittedAt}  ${counts(s)}  ${approval(s)}${s.matchesWorkingPlan ? '' : '  (the plan has been edited since)'}`);
    }
  });
}

/** `lhb plans approve --room R --annotator NAME --reviewer WHO`. */
export async function runPlansApprove(options: RoomOptions & { annotator: string; reviewer: string }): Promise<void> {
  await onRoom(options, 'write', async (api, room) => {
    const s = await api.call('plans.approve', { dataRoomId: room.id, annotator: options.annotator, reviewer: options.reviewer });
    write(`${s.annotator}'s plan of "${room.title}" is ${approval(s)}.`);
  });
}

/** `lhb plans unapprove --room R --annotator NAME`. */
export async function runPlansUnapprove(options: RoomOptions & { annotator: string }): Promise<void> {
  await onRoom(options, 'write', async (api, room) => {
    const s = await api.call('plans.unapprove', { dataRoomId: room.id, annotator: options.annotator });
    write(`${s.annotator}'s plan of "${room.title}" is ${approval(s)}.`);
  });
}

const figures = (a: SpanAgreement) => {
  const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  return `Jaccard ${ratio(a.jaccard)}, Dice ${ratio(a.dice)} (lines both cited ${a.both}, A's only ${a.a - a.both}, B's only ${a.b - a.both})`;
};
const span = (s: ComparedSpan) => `${s.ref} (${s.sourceTitle})`;

/** The comparison as text: figures overall and per source, then each chapter pair with its spans. */
export function planComparisonText(c: PlanComparison): string {
  const out = [`Plans of "${c.dataRoom.title}": A = ${c.a.annotator} (${approval(c.a)}), B = ${c.b.annotator} (${approval(c.b)})`, '', `Overall: ${figures(c.overall)}`];
  for (const source of c.bySource) out.push(`  ${source.sourceTitle} [${source.versionId}]: ${figures(source.agreement)}`);
  for (const chapter of c.chapters) {
    const a = chapter.a ? `${chapter.a.number}. ${chapter.a.title}` : `(not in ${c.a.annotator}'s plan)`;
    const b = chapter.b ? `${chapter.b.number}. ${chapter.b.title}` : `(not in ${c.b.annotator}'s plan)`;
    out.push('', `${a}  ~  ${b}${chapter.matchedBy ? `  [paired by ${chapter.matchedBy}]` : ''}`, `  ${figures(chapter.agreement)}`);
    for (const group of chapter.both) out.push(`  both cited: ${c.a.annotator} ${group.a.map(span).join(', ')}; ${c.b.annotator} ${group.b.map(span).join(', ')}`);
    for (const s of chapter.onlyA) out.push(`  only ${c.a.annotator}: ${span(s)}`);
    for (const s of chapter.onlyB) out.push(`  only ${c.b.annotator}: ${span(s)}`);
  }
  out.push('', PLAN_COMPARISON_METHOD);
  return `${out.join('\n')}\n`;
}

/** `lhb plans compare --room R A B [--json]`: two annotators' submitted plans compared chapter by chapter. */
export async function runPlansCompare(annotatorA: string, annotatorB: string, options: RoomOptions & { json?: boolean }): Promise<void> {
  await onRoom(options, 'read', async (api, room) => {
    const comparison = await api.call('plans.compare', { dataRoomId: room.id, annotatorA, annotatorB });
    write(options.json ? JSON.stringify(comparison, null, 2) : planComparisonText(comparison));
  });
}

/**
 * `lhb plans invite --room R --name NAME [--expires DAYS] [--url BASE] [--json]`: an invite link
 * for one SME to their own plan in the room (the arena's invite links, bound to the room).
 */
export async function runPlansInvite(options: RoomOptions & InviteCommandOptions & { name: string }): Promise<void> {
  await runInviteCommand(
    options,
    async (api) => api.call('plans.invite', { dataRoomId: (await resolveRoom(api, options.room)).id, name: options.name, expiresInDays: options.expires }),
    `${options.name.trim()}'s own plan in the data room ${JSON.stringify(options.room)}`,
  );
}
