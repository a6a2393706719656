/**
 * A dataset folder that cannot be imported: not an export, or damaged. The message says what is
 * wrong and where (the file, the row, the field); nothing was written to the workspace.
 */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';

  constructor(what: string, options?: ErrorOptions) {
    super(`${what} Nothing was imported; the workspace is unchanged.`, options);
  }
}
