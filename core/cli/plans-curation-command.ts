import type { Chapter, DataRoomDetail } from '../../schemas/annotate.ts';
import { formatCountOf } from '../../schemas/format-number.ts';
import { planLabel, type CurateInput, type CurationEdit, type CurationFeedback, type GoldPlan, type PlanAgreement } from '../../schemas/gold-plan.ts';
import { PLAN_COMPARISON_METHOD, type SpanAgreement } from '../../schemas/plan-review.ts';
import type { Api } from '../api/create-api.ts';
import { withCliApi } from './open-cli-api.ts';
import { resolveRoom } from './room-reference.ts';

interface RoomOptions {
  room: string;
  workspace?: string;
  json?: boolean;
}

export interface CurateOptions extends RoomOptions {
  annotator?: string;
  chapter?: string;
  citation?: string;
  notes?: boolean;
  into?: string;
  title?: string;
  instruction?: string;
  designNotes?: string;
  lines?: string;
  text?: string;
  note?: string;
}

const write = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};
const whose = (annotator: string | undefined) => (annotator ? `${annotator}'s plan` : "the workspace owner's plan");

/** A chapter of a list by id, 1-based number or title (case-insensitive); refused with the list. */
function pickChapter(chapters: readonly Chapter[], reference: string, option: string, where: string): Chapter {
  const wanted = reference.trim().toLowerCase();
  const byNumber = /^\d+$/.test(wanted) ? chapters[Number(wanted) - 1] : undefined;
  const found = chapters.find((c) => c.id === reference) ?? byNumber ?? chapters.find((c) => c.title.trim().toLowerCase() === wanted);
  if (found) return found;
  const list = chapters.map((c, i) => `  ${i + 1}. ${c.title}`).join('\n') || '  (none yet)';
  throw new Error(`${option} ${JSON.stringify(reference)} is not a chapter of ${where}. Its chapters are:\n${list}`);
}

function lineRange(lines: string): { startLine: number; endLine: number } {
  const match = /^(\d+)-(\d+)$/.exec(lines.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < Number(match[1])) throw new Error(`--lines takes a range of line numbers A-B with 1 <= A <= B, e.g. 12-15, not ${JSON.stringify(lines)}.`);
  return { startLine: Number(match[1]), endLine: Number(match[2]) };
}

/** The item the options name in the annotator's plan: a chapter, its Nth citation, its design notes, or the plan's global notes. */
function itemOf(detail: DataRoomDetail, options: CurateOptions): { item: CurateInput['item']; label: string } {
  if (options.chapter === undefined) {
    if (options.notes) return { item: { kind: 'globalNotes', annotator: options.annotator }, label: `the global notes of ${whose(options.annotator)}` };
    throw new Error('Name what to curate: --chapter C (with --citation N for one citation, or --notes for its design notes), or --notes alone for the plan\'s global notes.');
  }
  const chapter = pickChapter(detail.chapters, options.chapter, '--chapter', `${whose(options.annotator)} of "${detail.title}"`);
  if (options.citation !== undefined && options.notes) throw new Error('Give --citation or --notes, not both: one item is curated at a time.');
  if (options.notes) return { item: { kind: 'chapterNotes', chapterId: chapter.id }, label: `the design notes of "${chapter.title}"` };
  if (options.citation === undefined) return { item: { kind: 'chapter', chapterId: chapter.id }, label: `chapter "${chapter.title}"` };
  const n = /^\d+$/.test(options.citation.trim()) ? Number(options.citation) : NaN;
  const citation = chapter.citations.find((c) => c.id === options.citation) ?? chapter.citations[n - 1];
  if (!citation) {
    const list = chapter.citations.map((c, i) => `  ${i + 1}. ${c.sourceId}:${c.startLine}--${c.endLine}`).join('\n') || '  (none)';
    throw new Error(`--citation ${JSON.stringify(options.citation)} is not a citation of "${chapter.title}" (by number, 1 is the first, or id). Its citations are:\n${list}`);
  }
  return { item: { kind: 'citation', citationId: citation.id }, label: `citation ${citation.sourceId}:${citation.startLine}--${citation.endLine} of "${chapter.title}"` };
}

function editOf(options: CurateOptions): CurationEdit | undefined {
  const edit: CurationEdit = {
    ...(options.title !== undefined && { title: options.title }),
    ...(options.instruction !== undefined && { instruction: options.instruction }),
    ...(options.designNotes !== undefined && { designNotes: options.designNotes }),
    ...(options.lines !== undefined && lineRange(options.lines)),
    ...(options.text !== undefined && { text: options.text }),
  };
  return Object.keys(edit).length > 0 ? edit : undefined;
}

/** The gold plan as text: chapters with citations, then where each item came from. */
export function goldPlanText(gold: GoldPlan): string {
  const out = [`Gold plan of "${gold.dataRoom.title}": ${formatCountOf(gold.chapters.length, 'chapter')}, ${formatCountOf(gold.chapters.reduce((n, c) => n + c.citations.length, 0), 'citation')}`];
  if (gold.globalNotes.trim() !== '') out.push('', 'Global notes:', gold.globalNotes);
  const from = new Map(gold.provenance.filter((p) => p.action !== 'dropped').flatMap((p) => [[p.goldCitationId ?? p.goldChapterId ?? '', p] as const]));
  const origin = (id: string) => {
    const p = from.get(id);
    return p ? `  [${p.action} from ${p.fromAnnotator ?? 'the workspace owner'}${p.curatorNote ? `: ${p.curatorNote}` : ''}]` : '';
  };
  gold.chapters.forEach((chapter, i) => {
    out.push('', `${i + 1}. ${chapter.title}${origin(chapter.id)}`);
    if (chapter.instruction) out.push(`   Instruction: ${chapter.instruction}`);
    if (chapter.designNotes) out.push(`   Notes: ${chapter.designNotes.replace(/\n/g, '\n   ')}`);
    for (const c of chapter.citations) out.push(`   - ${c.sourceId}:${c.startLine}--${c.endLine} ${JSON.stringify(c.quote.slice(0, 80))}${origin(c.id)}`);
  });
  const dropped = gold.provenance.filter((p) => p.action === 'dropped');
  if (dropped.length > 0) out.push('', 'Dropped:', ...dropped.map((p) => `  ${p.kind} ${JSON.stringify(p.fromLabel.slice(0, 60))} of ${p.fromAnnotator ?? 'the workspace owner'}${p.curatorNote ? `: ${p.curatorNote}` : ''}`));
  if (gold.undoLabel) out.push('', `Undo (lhb plans gold undo): ${gold.undoLabel}`);
  return `${out.join('\n')}\n`;
}

async function onRoom(options: RoomOptions, access: 'read' | 'write', work: (api: Api, room: { id: string; title: string }) => Promise<void>): Promise<void> {
  await withCliApi(options.workspace, async (api) => work(api, await resolveRoom(api, options.room)), { access });
}

/** `lhb plans curate accept|edit|drop --room R [--annotator NAME] --chapter C [--citation N | --notes] [--into G] [changes] [--note TEXT]`. */
export async function runPlansCurate(action: string, options: CurateOptions): Promise<void> {
  if (action !== 'accept' && action !== 'edit' && action !== 'drop') throw new Error(`lhb plans curate takes accept, edit or drop, not ${JSON.stringify(action)}.`);
  const edit = editOf(options);
  await onRoom(options, 'write', async (api, room) => {
    const detail = await api.call('dataRooms.get', { dataRoomId: room.id, annotator: options.annotator });
    const { item, label } = itemOf(detail, options);
    let into: string | undefined;
    if (options.into !== undefined) into = pickChapter((await api.call('plans.gold', { dataRoomId: room.id })).chapters, options.into, '--into', `the gold plan of "${room.title}"`).id;
    const gold = await api.call('plans.curate', { dataRoomId: room.id, action, item, into, edit, note: options.note });
    if (options.json) return write(JSON.stringify(gold, null, 2));
    const past = { accept: 'Accepted', edit: 'Edited', drop: 'Dropped' }[action];
    write(`${past} ${label} of ${whose(options.annotator)} ${action === 'drop' ? 'from' : 'into'} the gold plan of "${room.title}" (now ${formatCountOf(gold.chapters.length, 'chapter')}). Undo: lhb plans gold undo --room ...`);
  });
}

export interface GoldOptions extends RoomOptions {
  chapter?: string;
  to?: number;
}

/** `lhb plans gold show|undo|redo --room R [--json]`, or `lhb plans gold move --room R --chapter C --to N`. */
export async function runPlansGold(verb: string, options: GoldOptions): Promise<void> {
  const method = { show: 'plans.gold', undo: 'plans.goldUndo', redo: 'plans.goldRedo' } as const;
  if (verb === 'move') return runGoldMove(options);
  if (!(verb in method)) throw new Error(`lhb plans gold takes show, undo, redo or move, not ${JSON.stringify(verb)}.`);
  await onRoom(options, verb === 'show' ? 'read' : 'write', async (api, room) => {
    const gold = await api.call(method[verb as keyof typeof method], { dataRoomId: room.id });
    write(options.json ? JSON.stringify(gold, null, 2) : goldPlanText(gold));
  });
}

async function runGoldMove(options: GoldOptions): Promise<void> {
  if (options.chapter === undefined || options.to === undefined) throw new Error('lhb plans gold move takes the gold chapter to move and its new place: --chapter C --to N (1 is the first).');
  const { chapter: reference, to } = options;
  await onRoom(options, 'write', async (api, room) => {
    const chapter = pickChapter((await api.call('plans.gold', { dataRoomId: room.id })).chapters, reference, '--chapter', `the gold plan of "${room.title}"`);
    const gold = await api.call('plans.goldMove', { dataRoomId: room.id, chapterId: chapter.id, toIndex: to - 1 });
    if (options.json) return write(JSON.stringify(gold, null, 2));
    const place = gold.chapters.findIndex((c) => c.id === chapter.id) + 1;
    write(`Moved gold chapter "${chapter.title}" to place ${place} of ${gold.chapters.length} in "${room.title}". Undo: lhb plans gold undo --room ...`);
  });
}

const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const figures = (a: SpanAgreement) => `Jaccard ${ratio(a.jaccard)}, Dice ${ratio(a.dice)} (lines both ${a.both} of ${a.either})`;

export function planAgreementText(agreement: PlanAgreement): string {
  const out = [`Agreement between the plans of "${agreement.dataRoom.title}": ${agreement.plans.map((p) => `${planLabel(p)} (${formatCountOf(p.chapterCount, 'chapter')}, ${formatCountOf(p.citationCount, 'citation')})`).join('; ') || 'none'}`];
  out.push(`Room (mean over ${formatCountOf(agreement.room.pairs, "pair")} of annotators' plans): Jaccard ${ratio(agreement.room.jaccard)}, Dice ${ratio(agreement.room.dice)}`);
  for (const pair of agreement.pairs) {
    out.push('', `${planLabel(pair.a)} ~ ${planLabel(pair.b)}: ${figures(pair.overall)}`);
    for (const c of pair.chapters) out.push(`  ${c.a ?? '(none)'} ~ ${c.b ?? '(none)'}: ${figures(c.agreement)}`);
  }
  out.push('', PLAN_COMPARISON_METHOD);
  return `${out.join('\n')}\n`;
}

/** `lhb plans agreement --room R [--json]`. */
export async function runPlansAgreement(options: RoomOptions): Promise<void> {
  await onRoom(options, 'read', async (api, room) => {
    const agreement = await api.call('plans.agreement', { dataRoomId: room.id });
    write(options.json ? JSON.stringify(agreement, null, 2) : planAgreementText(agreement));
  });
}

export function feedbackText(feedback: CurationFeedback): string {
  const { kept, changed, dropped, pending } = feedback.counts;
  const out = [`What the curator did with ${feedback.annotator ? `${feedback.annotator}'s` : "the workspace owner's"} plan of "${feedback.dataRoom.title}": ${kept} kept, ${changed} changed, ${dropped} dropped, ${pending} not curated yet`];
  const kinds = { chapter: 'chapter', citation: 'citation', chapterNotes: 'notes', globalNotes: 'global notes' } as const;
  for (const item of feedback.items) {
    const where = item.chapterTitle ? ` in "${item.chapterTitle}"` : '';
    out.push(`${item.verdict.padEnd(8)} ${kinds[item.kind]} ${JSON.stringify(item.label.replace(/\s+/g, ' ').slice(0, 70))}${where}`);
    if (item.goldLabel !== null) out.push(`         gold: ${JSON.stringify(item.goldLabel.replace(/\s+/g, ' ').slice(0, 70))}`);
    if (item.curatorNote) out.push(`         curator: ${item.curatorNote}`);
  }
  return `${out.join('\n')}\n`;
}

/** `lhb plans feedback --room R --annotator NAME [--json]`. */
export async function runPlansFeedback(options: RoomOptions & { annotator?: string }): Promise<void> {
  await onRoom(options, 'read', async (api, room) => {
    const feedback = await api.call('plans.feedback', { dataRoomId: room.id, annotator: options.annotator });
    write(options.json ? JSON.stringify(feedback, null, 2) : feedbackText(feedback));
  });
}
