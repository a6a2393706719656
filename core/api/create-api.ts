import { statSync } from 'node:fs';
import type { BlobRef, RpcInput, RpcMethod, RpcOutput } from '../../schemas/rpc.ts';
import { resolveArenaAsset } from '../arena/arena-assets.ts';
import { hubSettingsOf } from '../export/hub/hub-settings.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { resolveRunAsset } from '../runs/bundles/run-assets.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import type { ApiContext } from './api-context.ts';
import { OWNER, runCall, type Caller } from './caller.ts';
import { HandlerRegistry } from './handler-registry.ts';
import { putUploadedBlob } from './put-blob.ts';
import { scopePlanInviteCall } from './plan-invite-scope.ts';
import { scopeVoterCall } from './voter-scope.ts';
import { callOnWorkspace } from './workspace-call.ts';
import { analysisCached, analysisRefresh, analysisReport } from './handlers/analysis-report.ts';
import { runAssetTokensOf } from './handlers/run-asset-context.ts';
import { jobsCancel } from './handlers/jobs-cancel.ts';
import { sessionWhoami } from './handlers/session-whoami.ts';
import { projectRename, workspaceCreate } from './handlers/workspace-create.ts';
import { workspaceInfo } from './handlers/workspace-info.ts';
import { workspaceVerify } from './handlers/workspace-verify.ts';
import { registerAnnotateHandlers } from './register-annotate-handlers.ts';
import { registerArenaHandlers } from './register-arena-handlers.ts';
import { registerExportHandlers } from './register-export-handlers.ts';
import { registerJudgeHandlers } from './register-judge-handlers.ts';
import { registerRunEngineHandlers } from './register-run-engine-handlers.ts';
import { registerSearchHandlers } from './register-search-handlers.ts';
import { registerCostHandlers } from './register-cost-handlers.ts';
import { registerSourceHandlers } from './register-source-handlers.ts';

export interface Api {
  context: ApiContext;
  registry: HandlerRegistry<ApiContext>;
  /**
   * Runs one RPC call: parse input, handle, check output. Throws an LhbError (code, message, field) for the caller's mistakes.
   * Typed per method from the contract (schemas/rpc.ts), as the renderer's client is: core callers
   * write the input and read the result without casts.
   * `caller` defaults to the owner; an invited voter's call is first held to its scope (voter-scope.ts).
   * `assetOrigin`: where this caller reaches the arena asset server, when not the context's default.
   */
  call<M extends RpcMethod>(method: M, input: RpcInput<M>, caller?: Caller, transport?: CallTransport): Promise<RpcOutput<M>>;
  /**
   * The same call for transports whose method name and input arrive untrusted (HTTP server, IPC):
   * the name is checked and the input parsed at dispatch, so nothing here is assumed.
   */
  callUntrusted(method: string, input: unknown, caller?: Caller, transport?: CallTransport): Promise<unknown>;
  /** Stores uploaded file bytes; both transports' upload paths end here. */
  putBlob(bytes: Uint8Array): BlobRef;
  /** The file behind an arena asset path (`<token>/...`), for the arena asset server only. */
  arenaAsset(path: string): { file: string; size: number; contentType: string } | undefined;
  /** The file behind a run asset path (`<token>/...`, a token runs.assets issued), for the asset server only. */
  runAsset(path: string): { file: string; size: number; contentType: string } | undefined;
  close(): Promise<void>;
}

/** What a transport knows about a call beyond its caller. */
export interface CallTransport {
  assetOrigin?: string;
  /** Set by the CLI on its own calls, which run in the process that serves them (see CallFacts); never by a transport. */
  inServerProcess?: boolean;
}

export function createApiRegistry(): HandlerRegistry<ApiContext> {
  const registry = new HandlerRegistry<ApiContext>()
    .add('session.whoami', sessionWhoami)
    .add('workspace.info', workspaceInfo)
    .add('workspace.verify', workspaceVerify)
    .add('workspace.create', workspaceCreate)
    .add('project.rename', projectRename)
    .add('jobs.list', ({ limit }, { jobs }) => ({ jobs: jobs.list(limit) }))
    .add('jobs.cancel', jobsCancel)
    .add('analysis.report', analysisReport)
    .add('analysis.cached', analysisCached)
    .add('analysis.refresh', analysisRefresh);
  registerSourceHandlers(registry);
  registerAnnotateHandlers(registry);
  registerArenaHandlers(registry);
  registerRunEngineHandlers(registry);
  registerExportHandlers(registry);
  registerJudgeHandlers(registry);
  registerSearchHandlers(registry);
  registerCostHandlers(registry);
  return registry.complete();
}

/** The input an invite link's call may carry (voter-scope.ts, plan-invite-scope.ts); the owner's goes as sent. */
function scopedInput(workspace: Workspace, method: string, input: unknown, caller: Caller): unknown {
  if (caller.role === 'voter') return scopeVoterCall(workspace.db, method, input, caller);
  if (caller.role === 'annotator') return scopePlanInviteCall(workspace.db, method, input, caller);
  return input;
}

/** The core behind both transports, for one open workspace. */
export function createApi(workspace: Workspace): Api {
  const context: ApiContext = { workspace, jobs: new JobRunner(workspace.db), arena: {}, hub: hubSettingsOf(process.env) };
  const registry = createApiRegistry();
  const served = (asset: { sha256: string; contentType: string } | undefined) => {
    if (!asset || !workspace.blobs.has(asset.sha256)) return undefined;
    const file = workspace.blobs.pathFor(asset.sha256);
    return { file, size: statSync(file).size, contentType: asset.contentType };
  };
  const callUntrusted = (method: string, input: unknown, caller: Caller = OWNER, transport: CallTransport = {}) =>
    callOnWorkspace(workspace, () =>
      runCall({ caller, ...transport }, () =>
        registry.dispatch(method, scopedInput(workspace, method, input, caller), context),
      ),
    );
  return {
    context,
    registry,
    // Dispatch checks the output against the method's schema, so the result is the contract's output type.
    call: <M extends RpcMethod>(method: M, input: RpcInput<M>, caller?: Caller, transport?: CallTransport) =>
      callUntrusted(method, input, caller, transport) as Promise<RpcOutput<M>>,
    callUntrusted,
    putBlob: (bytes) => putUploadedBlob(workspace, bytes),
    arenaAsset: (path) => {
      const asset = resolveArenaAsset(workspace, path);
      if (!asset || !workspace.blobs.has(asset.sha256)) return undefined;
      const file = workspace.blobs.pathFor(asset.sha256);
      return { file, size: statSync(file).size, contentType: asset.contentType };
    },
    runAsset: (path) => {
      const slash = path.indexOf('/');
      const runId = slash > 0 ? runAssetTokensOf(context).runOf(path.slice(0, slash)) : undefined;
      return runId === undefined ? undefined : served(resolveRunAsset(workspace.db, runId, path.slice(slash + 1)));
    },
    close: async () => {
      await context.jobs.shutdown();
      workspace.close();
    },
  };
}
