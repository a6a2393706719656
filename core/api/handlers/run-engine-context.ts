import { findChapterByTitles } from '../../annotate/data-room-detail.ts';
import { HarnessNotFoundError, harnessToolsDir } from '../../runs/harnesses/harness-tools.ts';
import { SkillError } from '../../runs/skills/read-skill.ts';
import { StudySpecError } from '../../runs/study/study-spec-error.ts';
import { StudyResumeError } from '../../runs/study/run-study.ts';
import { StudyEngine } from '../../runs/study/study-engine.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';
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

/** Runs an engine call, turning what the caller can fix (a bad skill, a missing harness or task, a changed study) into a 400/404. */
export async function runEngineCall<T>(operation: () => T | Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof SkillError || error instanceof StudySpecError || error instanceof HarnessNotFoundError || error instanceof StudyResumeError) {
      throw new RpcError(error.message.startsWith('No study') || error.message.startsWith('No run') ? 'not_found' : 'bad_request', error.message);
    }
    throw error;
  }
}
