import {
  isRpcMethod,
  rpcContract,
  RPC_METHODS,
  type RpcMethod,
  type RpcOutput,
  type RpcParsedInput,
} from '../../schemas/rpc.ts';
import { describeZodIssues, LhbError, lhbErrorOfZod } from '../../schemas/lhb-error.ts';

export type Handler<M extends RpcMethod, Ctx> = (input: RpcParsedInput<M>, ctx: Ctx) => Promise<RpcOutput<M>> | RpcOutput<M>;

/**
 * The one map from method name to handler. Registering a name twice is a programming error and
 * throws at start-up; so does finishing with a method of the contract left unimplemented.
 */
export class HandlerRegistry<Ctx> {
  readonly #handlers = new Map<RpcMethod, Handler<RpcMethod, Ctx>>();

  add<M extends RpcMethod>(method: M, handler: Handler<M, Ctx>): this {
    if (this.#handlers.has(method)) throw new Error(`RPC method ${method} is registered twice.`);
    this.#handlers.set(method, handler as unknown as Handler<RpcMethod, Ctx>);
    return this;
  }

  /** Throws unless every method of the contract has a handler. */
  complete(): this {
    const missing = RPC_METHODS.filter((m) => !this.#handlers.has(m));
    if (missing.length > 0) throw new Error(`RPC methods without a handler: ${missing.join(', ')}.`);
    return this;
  }

  /**
   * Parses the raw input with the method's schema, runs the handler and checks its output.
   * Every transport comes through here, so they cannot disagree on what is accepted.
   */
  async dispatch(method: string, rawInput: unknown, ctx: Ctx): Promise<unknown> {
    if (!isRpcMethod(method)) throw new LhbError('not_found', `Unknown method ${JSON.stringify(method)}. Known methods: ${RPC_METHODS.join(', ')}.`);
    const handler = this.#handlers.get(method);
    if (!handler) throw new LhbError('not_found', `Method ${method} is not available in this build.`);
    const spec = rpcContract[method];
    const parsed = spec.input.safeParse(rawInput ?? {});
    if (!parsed.success) throw lhbErrorOfZod(parsed.error, `Invalid input for ${method}: ${describeZodIssues(parsed.error)}`);
    const output = await handler(parsed.data as RpcParsedInput<RpcMethod>, ctx);
    const checked = spec.output.safeParse(output);
    if (!checked.success) {
      throw new LhbError('internal', `Method ${method} produced a result outside its contract (${describeZodIssues(checked.error)}). This is a bug; please report it.`);
    }
    return checked.data;
  }
}
