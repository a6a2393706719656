import { SourceNotFoundError } from '../../sources/source-errors.ts';
import { RpcError } from '../rpc-error.ts';

/** Runs a source read, turning "no such source or version" into the caller's `not_found`. */
export function withSourceErrors<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SourceNotFoundError) throw new RpcError('not_found', error.message);
    throw error;
  }
}
