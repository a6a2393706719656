import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RubricSet } from '../../../schemas/judge.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from '../../annotate/annotate-testbed.fixture.ts';
import { createChapter, updateChapter } from '../../annotate/chapters.ts';
import { addCitation } from '../../annotate/citations.ts';
import { updateDataRoom } from '../../annotate/data-rooms.ts';
import type { JudgeCompletionRequest, JudgeProvider } from '../providers/judge-provider.ts';
import { ChapterRubricsReplyError, generateChapterRubrics } from './generate-chapter-rubrics.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { openRubricLibrary } from './rubric-library.ts';

/** A judge model that answers from a script, in order, and records what it was asked. */
function scriptedJudge(replies: string[]): JudgeProvider & { requests: JudgeCompletionRequest[] } {
  const requests: JudgeCompletionRequest[] = [];
  return {
    requests,
    async complete(request) {
      requests.push(structuredClone({ ...request, signal: undefined }) as unknown as JudgeCompletionRequest);
      const text = replies.shift();
      if (text === undefined) throw new Error('the script has no more replies');
      return { text, usage: { input: 100, output: 40 }, model: 'judge-model-2025' };
    },
  };
}

const anchors5 = (topic: string) => Object.fromEntries([1, 2, 3, 4, 5].map((level) => [String(level), `${topic}: what a judge sees at level ${level}`]));
const reply = (rubrics: { name: string; weight: number; anchors?: Record<string, string> }[]) =>
  JSON.stringify({ rubrics: rubrics.map((rubric) => ({ criterion: `The frames show ${rubric.name}.`, anchors: anchors5(rubric.name), ...rubric })) });

const textOf = (request: JudgeCompletionRequest, turn: number) => request.turns[turn]!.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

let bed: AnnotateTestbed;
let chapterId: string;

beforeEach(() => {
  bed = createAnnotateTestbed();
  const { sourceId: _s, versionId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, title: 'Ops handbook', lines: ['Intro.', 'The last week is partial and must be drawn dashed.', 'Twelve weeks are shown.'] });
  updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: 'Audience: new analysts.' });
  chapterId = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Weekly trend with a marked partial week' });
  updateChapter(bed.deps, { chapterId, instruction: 'Explain the twelve-week trend and how the partial week is marked.' });
  addCitation(bed.deps, { chapterId, versionId, startLine: 2, endLine: 2 });
});
afterEach(() => bed.dispose());

const generate = (provider: JudgeProvider, scale: 3 | 5 = 5) =>
  generateChapterRubrics({ db: bed.workspace.db, annotate: bed.deps, provider }, { chapterId, scale, judgeLabel: 'judge-a' });

describe('chapter rubrics written by a judge model', () => {
  it('asks once with the chapter instruction, notes and quoted citations, and stores a versioned chapter set', async () => {
    const judge = scriptedJudge([reply([{ name: 'Partial week marked', weight: 0.6 }, { name: 'Twelve weeks shown', weight: 0.4 }])]);
    const outcome = await generate(judge);
    expect(judge.requests).toHaveLength(1);
    const prompt = textOf(judge.requests[0]!, 0);
    expect(prompt).toContain('Explain the twelve-week trend and how the partial week is marked.');
    expect(prompt).toContain('Audience: new analysts.');
    expect(prompt).toMatch(/\[1\] Ops handbook, .+:2--2:\nThe last week is partial and must be drawn dashed\./);
    // The generic content rubrics are named so the chapter's do not repeat them.
    expect(judge.requests[0]!.system).toContain('Pedagogical effectiveness');
    expect(judge.requests[0]!.system).toContain('"5": "<what a judge sees at level 5>"');

    expect(outcome.attempts).toBe(1);
    expect(outcome.usage).toEqual({ input: 100, output: 40 });
    const { set } = outcome.stored;
    expect(set).toMatchObject({ version: 'v1', tier: 'content', scale: 5, authoredBy: 'chapter', chapterId, title: 'Chapter rubrics: Weekly trend with a marked partial week' });
    expect(set.name).toMatch(/^chapter-weekly-trend-with-a-marked-partial-week-[0-9a-f]{6}$/);
    expect(set.description).toContain('judge-a (judge-model-2025)');
    expect(set.rubrics.map((rubric) => [rubric.name, rubric.weight])).toEqual([
      ['Partial week marked', 0.6],
      ['Twelve weeks shown', 0.4],
    ]);
    expect(openRubricLibrary(bed.workspace.db).chapterSets(chapterId).map((summary) => summary.version)).toEqual(['v1']);
  });

  it('an unparseable reply gets one repair request quoting the error; asking again for the chapter makes v2', async () => {
    const judge = scriptedJudge(['Sure! Here are the rubrics: {"rubrics": [', reply([{ name: 'Partial week marked', weight: 1 }])]);
    const outcome = await generate(judge);
    expect(judge.requests).toHaveLength(2);
    const repair = judge.requests[1]!;
    expect(repair.turns.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
    expect(textOf(repair, 1)).toBe('Sure! Here are the rubrics: {"rubrics": [');
    expect(textOf(repair, 2)).toMatch(/^Your reply could not be used: the reply's JSON does not parse \(.+\)\. Reply again with the corrected JSON object only\.$/);
    expect(outcome.attempts).toBe(2);
    expect(outcome.usage).toEqual({ input: 200, output: 80 });

    const again = await generate(scriptedJudge([reply([{ name: 'Dashed partial week', weight: 1 }])]));
    expect(again.stored.set.version).toBe('v2');
    expect(again.stored.set.name).toBe(outcome.stored.set.name);
    expect(openRubricLibrary(bed.workspace.db).chapterSets(chapterId).map((summary) => summary.version)).toEqual(['v1', 'v2']);
  });

  it('a reply still wrong after the repair stores nothing and says what was wrong, keeping the raw text', async () => {
    const missingLevel = { name: 'Partial week marked', weight: 1, anchors: { '1': 'a', '2': 'b', '3': 'c', '4': 'd' } };
    const judge = scriptedJudge([reply([missingLevel]), reply([missingLevel])]);
    const error = await generate(judge).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChapterRubricsReplyError);
    expect((error as Error).message).toContain('needs exactly one anchor for each level 1, 2, 3, 4, 5 of a 5-point scale (has 1, 2, 3, 4)');
    expect((error as Error).message).toContain('Nothing was stored.');
    expect((error as ChapterRubricsReplyError).rawReply).toBe(reply([missingLevel]));
    expect(textOf(judge.requests[1]!, 2)).toContain('rubrics.0.anchors: needs exactly one anchor');
    expect(openRubricLibrary(bed.workspace.db).chapterSets(chapterId)).toEqual([]);
  });

  it('weights that only round to 1 are rescaled to sum to exactly 1; more than 3 rubrics is repaired', async () => {
    const four = reply(['a', 'b', 'c', 'd'].map((name) => ({ name, weight: 0.25 })));
    const thirds = reply(['Trend', 'Partial week', 'Axis labels'].map((name) => ({ name, weight: 0.33 })));
    const judge = scriptedJudge([four, thirds]);
    const { stored } = await generate(judge);
    expect(textOf(judge.requests[1]!, 2)).toContain('rubrics: write at most 3 rubrics');
    expect(stored.set.rubrics.map((rubric) => rubric.weight)).toEqual([0.333333, 0.333333, 0.333334]);
  });

  it('writes 3-point rubrics when asked, with anchors 0–2', async () => {
    const anchors = { '0': 'The partial week is drawn like a full week.', '1': 'Marked, but not explained.', '2': 'Dashed and labelled as partial.' };
    const { stored } = await generate(scriptedJudge([reply([{ name: 'Partial week marked', weight: 1, anchors }])]), 3);
    expect(stored.set).toMatchObject({ scale: 3, version: 'v1' });
    expect(stored.set.rubrics[0]!.anchors).toEqual(anchors);
  });

  it('a chapter with nothing to go on, or one that does not exist, asks the model nothing', async () => {
    const empty = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Empty chapter' });
    const judge = scriptedJudge([]);
    const refused = await generateChapterRubrics({ db: bed.workspace.db, annotate: bed.deps, provider: judge }, { chapterId: empty, judgeLabel: 'judge-a' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LhbError);
    expect((refused as LhbError).code).toBe('bad_request');
    expect((refused as Error).message).toContain('Chapter “Empty chapter” has no instruction and no citations');
    const missing = await generateChapterRubrics({ db: bed.workspace.db, annotate: bed.deps, provider: judge }, { chapterId: 'gone', judgeLabel: 'judge-a' }).catch((e: unknown) => e);
    expect((missing as LhbError).code).toBe('not_found');
    expect(judge.requests).toHaveLength(0);
  });

  it('editing a chapter set saves a new version that stays tied to the chapter', async () => {
    const { stored } = await generate(scriptedJudge([reply([{ name: 'Partial week marked', weight: 1 }])]));
    const edited: RubricSet = { ...stored.set, version: 'v2', rubrics: [{ ...stored.set.rubrics[0]!, criterion: 'The partial week is dashed and labelled.' }] };
    const library = openRubricLibrary(bed.workspace.db);
    library.save(edited);
    expect(library.chapterSets(chapterId).map((summary) => [summary.version, summary.authoredBy, summary.chapterId])).toEqual([
      ['v1', 'chapter', chapterId],
      ['v2', 'chapter', chapterId],
    ]);
  });
});
