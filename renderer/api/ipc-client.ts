import { IpcResultSchema } from '../../schemas/errors.ts';
import { AppEventSchema } from '../../schemas/jobs.ts';
import { BlobRefSchema, type BlobRef, type PreloadBridge, type RpcClient, type RpcInput, type RpcMethod, type RpcOutput } from '../../schemas/rpc.ts';
import { RpcCallError } from './rpc-call-error.ts';

/** Electron: the preload bridge carries each call to the main process, which parses it. */
export function createIpcClient(bridge: PreloadBridge): RpcClient {
  const unwrap = (raw: unknown): unknown => {
    const result = IpcResultSchema.parse(raw);
    if (!result.ok) throw new RpcCallError(result.error.code, result.error.message, result.error.field);
    return result.value;
  };
  return {
    async call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>> {
      return unwrap(await bridge.call(method, input)) as RpcOutput<M>;
    },
    async putBlob(bytes: ArrayBuffer): Promise<BlobRef> {
      return BlobRefSchema.parse(unwrap(await bridge.putBlob(bytes)));
    },
    onEvent(listener) {
      return bridge.onEvent((raw) => {
        const event = AppEventSchema.safeParse(raw);
        if (event.success) listener(event.data);
      });
    },
  };
}
