import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { RubricSchema, RubricSetSchema, type RubricScale, type RubricSet } from '../../../schemas/judge.ts';
import { nextRubricVersion, type StoredRubricSet } from '../../../schemas/rubric-library.ts';
import type { AnnotateDeps } from '../../annotate/annotate-deps.ts';
import { describeZodIssues, LhbError } from '../../../schemas/lhb-error.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import { requireChapter } from '../../annotate/require-records.ts';
import { goldChapterPlan } from '../../annotate/plan-agreement.ts';
import { goldChapters as goldPlanChapters } from '../../annotate/gold-plan.ts';
import { pairChapters } from '../../annotate/compare-chapter-plans.ts';
import type { Chapter } from '../../../schemas/annotate.ts';
import { extractReplyJson } from '../judging/parse-judge-reply.ts';
import type { JudgeProvider, JudgeTurn } from '../providers/judge-provider.ts';
import { chapterRubricSystemPrompt, chapterRubricUserPrompt, type ChapterMaterial } from './chapter-rubric-prompt.ts';
import { openRubricLibrary } from './rubric-library.ts';

/** The generic content set chapter rubrics are judged beside; its rubric names keep the chapter's from repeating them. */
const GENERIC_CONTENT_SET = 'programmatic-content';

/** What the judge model must reply: 1–3 rubrics, each with an anchor per level. */
const ChapterRubricsReplySchema = z.object({ rubrics: z.array(RubricSchema).min(1, 'write at least one rubric').max(3, 'write at most 3 rubrics') });

/** Weights within this of 1 (0.33 + 0.33 + 0.33) are rescaled to sum to 1 exactly; further off is an error to repair. */
const WEIGHT_SLACK = 0.02;

export interface ChapterRubricsRequest {
  chapterId: string;
  scale?: RubricScale;
  /** Labels the set's description with who wrote it (the judge's name and model). */
  judgeLabel: string;
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

export interface ChapterRubricsOutcome {
  stored: StoredRubricSet;
  /** 1, or 2 when the first reply needed a repair. */
  attempts: number;
  usage: { input: number; output: number };
}

/** The judge model's reply could not be used even after one repair; nothing was stored. */
export class ChapterRubricsReplyError extends Error {
  override name = 'ChapterRubricsReplyError';
  constructor(
    message: string,
    readonly rawReply: string,
  ) {
    super(message);
  }
}

/** A stable set name per chapter: `chapter-<title words>-<6 hex of the id>`. */
export function chapterRubricSetName(chapterId: string, title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  const suffix = createHash('sha256').update(chapterId).digest('hex').slice(0, 6);
  return `chapter-${words === '' ? 'untitled' : words}-${suffix}`;
}

/**
 * The chapter's material as core/annotate has it, refused (before anything is asked) when the
 * chapter does not exist or has neither an instruction nor citations to write rubrics from.
 */
export function readChapterForRubrics(annotate: AnnotateDeps, chapterId: string): ChapterMaterial {
  // An unknown chapter is core/annotate's own `not_found`; it reaches the caller as it is.
  const row = requireChapter(annotate.db, chapterId);
  const owners = loadDataRoomDetail(annotate, row.data_room_id);
  // With a gold plan, rubrics are written from it: the gold chapter asked for, or the one paired
  // (by title, then place, as plans are compared) with the owner's chapter asked for.
  const gold = goldChapterPlan(annotate, row.data_room_id);
  const goldChapters = gold ? goldPlanChapters(annotate, row.data_room_id) : [];
  const paired = row.gold === 1 ? goldChapters.find((c) => c.id === chapterId) : gold ? pairedGoldChapter(owners.chapters, goldChapters, chapterId) : undefined;
  const dataRoom = paired && gold ? { ...owners, globalNotes: gold.global_notes, chapters: goldChapters } : owners;
  const chapter = paired ?? dataRoom.chapters.find((candidate) => candidate.id === chapterId);
  if (!chapter) throw new LhbError('not_found', `Chapter ${chapterId} is no longer in its data room. Reload the data room.`);
  const material: ChapterMaterial = { dataRoom, chapter };
  if (chapter.instruction.trim() === '' && chapter.citations.length === 0) {
    throw new LhbError(
      'bad_request',
      `Chapter “${chapter.title}” has no instruction and no citations, so there is nothing to write its rubrics from. Nothing was asked or stored. Write its instruction or cite its sources in Annotate, then try again.`,
    );
  }
  return material;
}

/** The set the reply describes, or the first problem with it, phrased for the repair request. */
function setFromReply(text: string, base: Omit<RubricSet, 'rubrics'>): { ok: true; set: RubricSet } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = extractReplyJson(text);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const reply = ChapterRubricsReplySchema.safeParse(json);
  if (!reply.success) return { ok: false, error: describeZodIssues(reply.error, 'the reply') };
  const rubrics = reply.data.rubrics;
  const total = rubrics.reduce((sum, rubric) => sum + rubric.weight, 0);
  if (Math.abs(total - 1) <= WEIGHT_SLACK) {
    // Rescale, putting the rounding remainder on the last rubric so the sum is exactly 1.
    const scaled = rubrics.map((rubric) => ({ ...rubric, weight: Number((rubric.weight / total).toFixed(6)) }));
    const rest = scaled.slice(0, -1).reduce((sum, rubric) => sum + rubric.weight, 0);
    scaled[scaled.length - 1]!.weight = Number((1 - rest).toFixed(6));
    rubrics.splice(0, rubrics.length, ...scaled);
  }
  const set = RubricSetSchema.safeParse({ ...base, rubrics });
  if (!set.success) return { ok: false, error: describeZodIssues(set.error, 'the reply') };
  return { ok: true, set: set.data };
}

/**
 * Asks a judge model to write 1–3 rubrics for one chapter from its instruction, notes and
 * citations (read through core/annotate), checks the reply (one repair request quoting the
 * problem), and stores the result as the next version of that chapter's set.
 */
export async function generateChapterRubrics(deps: { db: Database; annotate: AnnotateDeps; provider: JudgeProvider; now?: () => Date }, request: ChapterRubricsRequest): Promise<ChapterRubricsOutcome> {
  const scale = request.scale ?? 5;
  const material = readChapterForRubrics(deps.annotate, request.chapterId);
  const { chapter } = material;
  const library = openRubricLibrary(deps.db, deps.now ? { now: deps.now } : {});
  const earlier = library.chapterSets(request.chapterId);
  const name = earlier[0]?.name ?? chapterRubricSetName(request.chapterId, chapter.title);
  const version = nextRubricVersion(earlier.filter((set) => set.scale === scale).map((set) => set.version));
  const generic = library.list().find((set) => set.name === GENERIC_CONTENT_SET && set.scale === scale);
  const genericRubrics = generic ? (library.get(generic.name, generic.version, scale)?.set.rubrics ?? []) : [];

  const system = chapterRubricSystemPrompt(scale, genericRubrics);
  const turns: JudgeTurn[] = [{ role: 'user', content: [{ type: 'text', text: chapterRubricUserPrompt(material) }] }];
  const usage = { input: 0, output: 0 };
  const signal = request.signal ?? new AbortController().signal;
  const ask = async () => {
    const completion = await deps.provider.complete({ system, turns, maxOutputTokens: request.maxOutputTokens ?? 4096, signal });
    usage.input += completion.usage.input;
    usage.output += completion.usage.output;
    return completion;
  };

  const first = await ask();
  const base = {
    name,
    version,
    tier: 'content' as const,
    scale,
    title: `Chapter rubrics: ${chapter.title}`.slice(0, 200),
    description: `Written by ${request.judgeLabel}${first.model ? ` (${first.model})` : ''} from the chapter's instruction, design notes, data room notes and ${chapter.citations.length} citation${chapter.citations.length === 1 ? '' : 's'}; judged beside the generic ${GENERIC_CONTENT_SET} rubrics. Edit it to make a new version.`,
    authoredBy: 'chapter' as const,
    chapterId: request.chapterId,
    // A chapter's presentations and videos are programmatic tasks; their artifact tier is content.
    taskKinds: ['programmatic' as const],
  };
  let attempts = 1;
  let reply = first.text;
  let outcome = setFromReply(reply, base);
  if (!outcome.ok) {
    attempts = 2;
    turns.push({ role: 'assistant', content: [{ type: 'text', text: reply }] });
    turns.push({ role: 'user', content: [{ type: 'text', text: `Your reply could not be used: ${outcome.error}. Reply again with the corrected JSON object only.` }] });
    reply = (await ask()).text;
    outcome = setFromReply(reply, base);
  }
  if (!outcome.ok) {
    throw new ChapterRubricsReplyError(
      `${request.judgeLabel} did not return usable rubrics for chapter “${chapter.title}”, even after a repair request: ${outcome.error}. Nothing was stored. Try again, or with another judge model, or write the set by hand on the Judges screen.`,
      reply,
    );
  }
  const { stored } = library.save(outcome.set);
  return { stored, attempts, usage };
}

/** The gold chapter paired with the owner's chapter `chapterId` (chapters pair by title, then by place among the unpaired). */
function pairedGoldChapter(owners: readonly Chapter[], gold: readonly Chapter[], chapterId: string): Chapter | undefined {
  const asPlan = (chapters: readonly Chapter[]) => chapters.map((c, i) => ({ number: i + 1, title: c.title, instruction: c.instruction, notes: c.designNotes, citations: [], id: c.id }));
  const pair = pairChapters(asPlan(owners), asPlan(gold)).find(([a]) => (a as { id?: string } | undefined)?.id === chapterId);
  const match = pair?.[1] as { id?: string } | undefined;
  return match ? gold.find((c) => c.id === match.id) : undefined;
}
