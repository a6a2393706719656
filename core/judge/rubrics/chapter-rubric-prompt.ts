import type { Chapter, DataRoomDetail } from '../../../schemas/annotate.ts';
import { citationRef } from '../../../schemas/annotate.ts';
import { scaleLevels, type RubricScale, type RubricSet } from '../../../schemas/judge.ts';

/** Quotes longer than this are cut (with a note), and all of them together stop at QUOTES_BUDGET. */
const QUOTE_CHARS = 2_000;
const QUOTES_BUDGET = 24_000;

/**
 * The request that asks a judge model for a chapter's own rubrics: what the generic content
 * rubrics already judge (so it does not repeat them), how anchors must read (observable), and the
 * exact JSON to return.
 */
export function chapterRubricSystemPrompt(scale: RubricScale, generic: readonly Pick<RubricSet['rubrics'][number], 'name'>[]): string {
  const levels = scaleLevels(scale);
  const anchorKeys = levels.map((level) => `"${level}": "<what a judge sees at level ${level}>"`).join(', ');
  return [
    'You write assessment rubrics for judging teaching material (slide presentations or videos) that an AI agent produced for one chapter of a course.',
    'A judge will look at frames of the material beside the chapter instruction and citations, and score each rubric you write.',
    '',
    'Rules:',
    '- Write 1 to 3 rubrics specific to THIS chapter: the facts, distinctions, procedures or conventions its instruction and cited sources require.',
    `- Do not repeat what the generic content rubrics already judge: ${generic.map((rubric) => rubric.name).join('; ') || 'general clarity and production quality'}.`,
    '- Each criterion names what is judged and where its boundary lies, grounded in the citations (quote or paraphrase the cited requirement).',
    `- Scale: ${scale === 3 ? '3 levels, 0 (lowest) to 2 (highest)' : '5 levels, 1 (lowest) to 5 (highest)'}. Give an anchor for every level.`,
    '- Every anchor describes what a judge would observe in the frames at that level (which element is present, missing, wrong or how), never only an adjective such as "good" or "poor". Adjacent levels must differ by something a judge can see.',
    '- Weights are positive and sum to 1.',
    '- Names are short (under 80 characters) and distinct.',
    '',
    'Return JSON only, no prose and no code fence:',
    `{"rubrics": [{"name": "<short name>", "criterion": "<what is judged, with its observable boundary>", "weight": <number>, "anchors": {${anchorKeys}}}]}`,
  ].join('\n');
}

export interface ChapterMaterial {
  dataRoom: Pick<DataRoomDetail, 'title' | 'globalNotes' | 'sources'>;
  chapter: Pick<Chapter, 'title' | 'instruction' | 'designNotes' | 'citations'>;
}

/**
 * The chapter as the judge model reads it: its data room (headed "Course", the words the prompt
 * has always used), notes, instruction, design notes, and each citation with its quote.
 */
export function chapterRubricUserPrompt({ dataRoom, chapter }: ChapterMaterial): string {
  const titles = new Map(dataRoom.sources.map((source) => [source.id, source.title]));
  let budget = QUOTES_BUDGET;
  let omitted = 0;
  const citations: string[] = [];
  chapter.citations.forEach((citation, index) => {
    if (budget <= 0) {
      omitted += 1;
      return;
    }
    const quote = citation.quote.length > QUOTE_CHARS ? `${citation.quote.slice(0, QUOTE_CHARS)} […cut]` : citation.quote;
    budget -= quote.length;
    const status = citation.status === 'orphaned' ? ' (the source changed and this passage could not be found again)' : '';
    citations.push(`[${index + 1}] ${titles.get(citation.sourceId) ?? citation.sourceId}, ${citationRef(citation)}${status}:\n${quote}`);
  });
  if (omitted > 0) citations.push(`(${omitted} more citation${omitted === 1 ? '' : 's'} left out for length.)`);
  const section = (title: string, text: string) => `## ${title}\n${text.trim() === '' ? '(none)' : text.trim()}`;
  return [
    section('Course', dataRoom.title),
    section('Course-wide notes', dataRoom.globalNotes),
    section('Chapter', chapter.title),
    section('Chapter instruction (what the agent was asked to produce)', chapter.instruction),
    section('Design notes', chapter.designNotes),
    section('Citations', citations.join('\n\n')),
    '',
    'Write the rubrics for this chapter now, as JSON only.',
  ].join('\n\n');
}
