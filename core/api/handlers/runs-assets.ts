import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listRunFrameAssets, runSiteOrigin } from '../../runs/bundles/run-assets.ts';
import { findRun, findRunFile } from '../../store/run-repository.ts';
import { findStudyRun } from '../../store/study-repository.ts';
import { findSupersededRun } from '../../store/superseded-run-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { runAssetTokensOf } from './run-asset-context.ts';

const nothing = () => ({ siteUrl: null, videoUrl: null, frames: [] });

/**
 * Where the Runs screen opens a run's build, frames and video (imported or executed here): URLs on
 * the asset server under a token that stands for this run, never on the app's origin.
 */
export function runsAssets(input: RpcParsedInput<'runs.assets'>, ctx: ApiContext): RpcOutput<'runs.assets'> {
  const { db } = ctx.workspace;
  const studyRun = findStudyRun(db, input.runId);
  // The first attempt's run id is its study run's own: once a later attempt is stored, that id names the earlier attempt a retry kept.
  const earlier = studyRun?.run_id ? findSupersededRun(db, input.runId) : undefined;
  const run = findRun(db, studyRun && !earlier ? (studyRun.run_id ?? '') : input.runId);
  if (!run) {
    if (!studyRun) throw new LhbError('not_found', `No run ${input.runId} in this workspace.`);
    return { runId: null, ...nothing(), unavailable: `This run is ${studyRun.status}; its build, frames and video can be opened once it has finished with artifacts.` };
  }
  const origin = ctx.arena.assetOrigin;
  if (origin === undefined) {
    return { runId: run.id, ...nothing(), unavailable: 'This process serves no run artifacts (no asset server); open the run in the app or `lhb serve`.' };
  }
  const token = runAssetTokensOf(ctx).issue(run.id);
  const base = `${origin}/r/${token}`;
  const hasVideo = findRunFile(db, run.id, 'video.mp4') ?? findRunFile(db, run.id, 'video.webm');
  return {
    runId: run.id,
    siteUrl: findRunFile(db, run.id, 'dist/index.html') ? `${runSiteOrigin(origin, token)}/` : null,
    videoUrl: hasVideo ? `${base}/video` : null,
    frames: listRunFrameAssets(db, run.id, run.task_id).map((frame) => ({ ...frame, url: `${base}/${frame.path.split('/').map(encodeURIComponent).join('/')}` })),
    unavailable: null,
  };
}
