import { z } from 'zod';
import { AppEventSchema, JobSchema, type AppEvent } from './jobs.ts';
import { WorkspaceInfoSchema } from './workspace.ts';

const NoInput = z.object({}).strict();

/**
 * The one contract between the UIs and core: each method name maps to the schema its input
 * must parse with and the schema its output satisfies. Both transports (Electron IPC and HTTP)
 * parse inputs with these schemas before any handler runs.
 */
export const rpcContract = {
  'workspace.info': {
    input: NoInput,
    output: WorkspaceInfoSchema,
  },
  'workspace.verify': {
    input: NoInput,
    output: z.object({ jobId: z.string() }),
  },
  'jobs.list': {
    input: z
      .object({
        /** Include finished jobs (default: only the most recent 50 of them). */
        limit: z.number().int().min(1).max(500).default(50),
      })
      .strict(),
    output: z.object({ jobs: z.array(JobSchema) }),
  },
  'jobs.cancel': {
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ job: JobSchema }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type RpcContract = typeof rpcContract;
export type RpcMethod = keyof RpcContract;
/** What a caller may pass (defaults not yet applied). */
export type RpcInput<M extends RpcMethod> = z.input<RpcContract[M]['input']>;
/** What a handler receives (after parsing, defaults applied). */
export type RpcParsedInput<M extends RpcMethod> = z.output<RpcContract[M]['input']>;
export type RpcOutput<M extends RpcMethod> = z.output<RpcContract[M]['output']>;

export const RPC_METHODS = Object.keys(rpcContract) as RpcMethod[];

export function isRpcMethod(name: string): name is RpcMethod {
  return Object.hasOwn(rpcContract, name);
}

/** The typed client both transports give the renderer. */
export interface RpcClient {
  call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>>;
  /** Subscribe to app events; returns an unsubscribe function. */
  onEvent(listener: (event: AppEvent) => void): () => void;
}

/**
 * What the Electron preload exposes on `window.lhb`. It is deliberately this small: one call
 * into the contract (the main process checks the method name and parses the input) and one
 * event subscription. No channel names reach the page.
 */
export interface PreloadBridge {
  call(method: string, input: unknown): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
}

export const IPC_RPC_CHANNEL = 'lhb:rpc';
export const IPC_EVENT_CHANNEL = 'lhb:event';

export { AppEventSchema };
