import { agreementPerRubric, countedForAgreement } from '../analysis/judgment-agreement.ts';
import { importJudgments } from '../judge/judging/import-judgments.ts';
import { listJudgmentViews } from '../judge/judging/judgment-views.ts';
import { judgingJobSummary } from '../judge/judging/start-judging-job.ts';
import { pairwiseJobSummary } from '../judge/pairwise/start-pairwise-job.ts';
import { openRubricLibrary } from '../judge/rubrics/rubric-library.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { judgeCompare } from './handlers/judge-compare.ts';
import { judgeList } from './handlers/judge-list.ts';
import { judgeStart, judgeStartPairwise } from './handlers/judge-start.ts';
import { rubricsGenerateForChapter } from './handlers/rubrics-generate-for-chapter.ts';
import { rubricsLibraryCall } from './handlers/rubrics-library-call.ts';

/** The judge engine: judging jobs, stored judgments, imports, agreement per rubric and the rubric set comparison; and the rubric library. */
export function registerJudgeHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('rubrics.list', (_input, ctx) => rubricsLibraryCall(ctx, (library) => ({ sets: library.list(), warnings: library.warnings() })))
    .add('rubrics.get', (input, ctx) => rubricsLibraryCall(ctx, (library) => library.require(input.name, input.version, input.scale)))
    .add('rubrics.save', (input, ctx) => rubricsLibraryCall(ctx, (library) => library.save(input.set)))
    .add('rubrics.usage', (_input, ctx) => rubricsLibraryCall(ctx, (library) => ({ usage: library.usage() })))
    .add('rubrics.generateForChapter', rubricsGenerateForChapter);
  registry
    .add('judge.start', judgeStart)
    .add('judge.result', (input, ctx) => ({ summary: judgingJobSummary(ctx.jobs, input.jobId) ?? null }))
    .add('judge.startPairwise', judgeStartPairwise)
    .add('judge.pairwiseResult', (input, ctx) => ({ summary: pairwiseJobSummary(ctx.jobs, input.jobId) ?? null }))
    .add('judge.list', judgeList)
    .add('judge.import', (input, ctx) => importJudgments(ctx.workspace.db, openRubricLibrary(ctx.workspace.db), input.jsonLines)).add('judge.compare', judgeCompare);
  registry.add('judge.agreement', (_input, ctx) => ({ rubrics: agreementPerRubric(countedForAgreement(listJudgmentViews(ctx.workspace.db))) }));
}
