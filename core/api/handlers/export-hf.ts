import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { buildAnalysisReport } from '../../analysis/build-analysis-report.ts';
import { startExportJob } from '../../export/export-job.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { studyScopeOf } from './analysis-report.ts';
import { goldOrigins } from '../../annotate/gold-origins.ts';
import { planAgreement } from '../../annotate/plan-agreement.ts';
import { runAnnotate } from './annotate-context.ts';

/** The card's analysis: the app's defaults (1,000 resamples, its seed) with no clock, so the card is reproducible. */
const CARD_ANALYSIS = { resamples: 1000, seed: 'lhb-analysis', now: () => new Date(0) };

/** Exports the workspace as a Hugging Face dataset folder on this machine; a job (export.result gives what it wrote). */
export function exportHf(input: RpcParsedInput<'export.hf'>, ctx: ApiContext): RpcOutput<'export.hf'> {
  const { workspace } = ctx;
  const project = findCurrentProject(workspace.db);
  if (!project) throw new LhbError('not_found', 'This workspace has no project yet, so there is nothing to export.');
  const studies = studyScopeOf(input.studies, ctx);
  const job = startExportJob(
    ctx.jobs,
    {
      workspace,
      project: { id: project.id, name: project.name },
      roomPlans: (dataRoomId) => runAnnotate(ctx, (deps) => ({ agreement: planAgreement(deps, { dataRoomId }), goldOrigins: goldOrigins(deps, dataRoomId) })),
      analysis: (includeSynthetic) => buildAnalysisReport(workspace.db, { ...CARD_ANALYSIS, synthetic: includeSynthetic ? 'include' : 'exclude', ...(studies ? { studies } : {}) }),
    },
    { ...input, studies },
  );
  return { jobId: job.id };
}
