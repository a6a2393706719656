import type { JudgeConfig } from '../../../schemas/judge.ts';
import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { createJudgeProvider } from '../../judge/providers/create-provider.ts';
import { judgeLabel } from '../../judge/providers/judge-label.ts';
import type { JudgeProvider } from '../../judge/providers/judge-provider.ts';
import { generateChapterRubrics, readChapterForRubrics } from '../../judge/rubrics/generate-chapter-rubrics.ts';
import { describeSetRef } from '../../judge/rubrics/rubric-library.ts';
import type { ApiContext } from '../api-context.ts';
import { annotateDeps } from './annotate-context.ts';
import { rubricsLibraryCall } from './rubrics-library-call.ts';

/**
 * Starts a job in which the judge model writes the chapter's rubrics. A chapter that does not
 * exist or has nothing to write from is refused before the job starts; the model's failures
 * (unreachable, refused, an unusable reply after one repair) fail the job saying why.
 */
export function rubricsGenerateForChapter(
  input: RpcParsedInput<'rubrics.generateForChapter'>,
  ctx: ApiContext,
  providerFor: (judge: JudgeConfig) => JudgeProvider = (judge) => createJudgeProvider(judge),
): RpcOutput<'rubrics.generateForChapter'> {
  const annotate = annotateDeps(ctx);
  const { chapter } = rubricsLibraryCall(ctx, () => readChapterForRubrics(annotate, input.chapterId));
  const label = judgeLabel(input.judge);
  const job = ctx.jobs.start('rubrics.generateForChapter', `Write rubrics for “${chapter.title}”`, async (progress) => {
    progress.report(0, 1, `Asking ${label} for the chapter's rubrics…`);
    const outcome = await generateChapterRubrics(
      { db: ctx.workspace.db, annotate, provider: providerFor(input.judge) },
      { chapterId: input.chapterId, scale: input.scale, judgeLabel: label, maxOutputTokens: input.judge.maxOutputTokens, signal: progress.signal },
    );
    const { set } = outcome.stored;
    const repaired = outcome.attempts > 1 ? ' after one repair request' : '';
    return {
      message: `${label} wrote ${set.rubrics.length} rubric${set.rubrics.length === 1 ? '' : 's'} for “${chapter.title}”${repaired}, saved as ${describeSetRef(set)} (${outcome.usage.input + outcome.usage.output} tokens).`,
      done: 1,
      total: 1,
    };
  });
  return { jobId: job.id };
}
