import { randomBytes } from 'node:crypto';

/**
 * Tokens that stand for runs on the asset server, for this process only: random, so a URL says
 * nothing about the run and cannot be guessed, and forgotten at exit. The same run keeps its
 * token while it is remembered (the browser may cache its files); the oldest are forgotten past
 * `capacity`.
 */
export class RunAssetTokens {
  readonly #byToken = new Map<string, string>();
  readonly #byRun = new Map<string, string>();
  readonly #capacity: number;

  constructor(capacity = 1000) {
    this.#capacity = capacity;
  }

  issue(runId: string): string {
    const known = this.#byRun.get(runId);
    if (known) return known;
    const token = randomBytes(16).toString('hex');
    this.#byToken.set(token, runId);
    this.#byRun.set(runId, token);
    if (this.#byToken.size > this.#capacity) {
      const [oldToken, oldRun] = this.#byToken.entries().next().value!;
      this.#byToken.delete(oldToken);
      this.#byRun.delete(oldRun);
    }
    return token;
  }

  runOf(token: string): string | undefined {
    return this.#byToken.get(token);
  }
}
