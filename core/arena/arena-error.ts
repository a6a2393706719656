/** Codes core/api turns into the RpcError of the same name. */
export class ArenaError extends Error {
  override name = 'ArenaError';
  constructor(
    readonly code: 'not_found' | 'bad_request' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}
