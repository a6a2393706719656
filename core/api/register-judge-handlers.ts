import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { rubricsGenerateForChapter } from './handlers/rubrics-generate-for-chapter.ts';
import { rubricsGet } from './handlers/rubrics-get.ts';
import { rubricsList } from './handlers/rubrics-list.ts';
import { rubricsSave } from './handlers/rubrics-save.ts';
import { rubricsUsage } from './handlers/rubrics-usage.ts';

/** The judge engine: the rubric library (and, as they land, judging jobs and stored judgments). */
export function registerJudgeHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('rubrics.list', rubricsList)
    .add('rubrics.get', rubricsGet)
    .add('rubrics.save', rubricsSave)
    .add('rubrics.usage', rubricsUsage)
    .add('rubrics.generateForChapter', rubricsGenerateForChapter);
}
