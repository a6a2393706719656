import { IpcResultSchema } from '../../schemas/errors.ts';
import { AppEventSchema } from '../../schemas/jobs.ts';
import type { PreloadBridge, RpcClient, RpcInput, RpcMethod, RpcOutput } from '../../schemas/rpc.ts';
import { RpcCallError } from './rpc-call-error.ts';

/** Electron: the preload bridge carries each call to the main process, which parses it. */
export function createIpcClient(bridge: PreloadBridge): RpcClient {
  return {
    async call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>> {
      const result = IpcResultSchema.parse(await bridge.call(method, input));
      if (!result.ok) throw new RpcCallError(result.error.code, result.error.message);
      return result.value as RpcOutput<M>;
    },
    onEvent(listener) {
      return bridge.onEvent((raw) => {
        const event = AppEventSchema.safeParse(raw);
        if (event.success) listener(event.data);
      });
    },
  };
}
