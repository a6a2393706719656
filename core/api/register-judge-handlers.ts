import { agreementPerRubric, countedForAgreement } from '../analysis/judgment-agreement.ts';
import { listJudgmentViews } from '../judge/judging/judgment-views.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { judgeCompare } from './handlers/judge-compare.ts';
import { judgeImport } from './handlers/judge-import.ts';
import { judgeList } from './handlers/judge-list.ts';
import { judgeStart } from './handlers/judge-start.ts';
import { rubricsGenerateForChapter } from './handlers/rubrics-generate-for-chapter.ts';
import { rubricsGet } from './handlers/rubrics-get.ts';
import { rubricsList } from './handlers/rubrics-list.ts';
import { rubricsSave } from './handlers/rubrics-save.ts';
import { rubricsUsage } from './handlers/rubrics-usage.ts';

/** The judge engine: judging jobs, stored judgments, imports, agreement per rubric and the rubric set comparison; and the rubric library. */
export function registerJudgeHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('rubrics.list', rubricsList)
    .add('rubrics.get', rubricsGet)
    .add('rubrics.save', rubricsSave)
    .add('rubrics.usage', rubricsUsage)
    .add('rubrics.generateForChapter', rubricsGenerateForChapter);
  registry.add('judge.start', judgeStart).add('judge.list', judgeList).add('judge.import', judgeImport).add('judge.compare', judgeCompare);
  registry.add('judge.agreement', (_input, ctx) => ({ rubrics: agreementPerRubric(countedForAgreement(listJudgmentViews(ctx.workspace.db))) }));
}
