/** Codes core/api turns into the RpcError of the same name. */
export type RubricLibraryErrorCode = 'not_found' | 'bad_request' | 'conflict';

/** A mistake the caller can fix: an invalid set, a version already taken, an unknown set. */
export class RubricLibraryError extends Error {
  override name = 'RubricLibraryError';
  constructor(
    readonly code: RubricLibraryErrorCode,
    message: string,
  ) {
    super(message);
  }
}
