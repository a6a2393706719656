import { findChapterByTitles } from '../../annotate/data-room-detail.ts';
import { harnessToolsDir } from '../../runs/harnesses/harness-tools.ts';
import { StudyEngine } from '../../runs/study/study-engine.ts';
import type { ApiContext } from '../api-context.ts';
import { annotateDeps } from './annotate-context.ts';

const engines = new WeakMap<ApiContext, StudyEngine>();

/** The run engine of this API's workspace, made on first use; its studies are jobs of this process. */
export function studyEngineOf(ctx: ApiContext): StudyEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    const deps = annotateDeps(ctx);
    engine = new StudyEngine(ctx.workspace, ctx.jobs, {
      toolsDir: harnessToolsDir(ctx.workspace.dir),
      resolveChapter: (dataRoom, chapter) => findChapterByTitles(deps, dataRoom, chapter),
    });
    engines.set(ctx, engine);
  }
  return engine;
}
