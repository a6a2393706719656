/** How the data was collected, gathered while the rows stream past: what the card's story needs. */
export class CollectionFacts {
  readonly annotators = new Set<string>();
  readonly judges = new Set<string>();
  readonly judgeModels = new Set<string>();
  /** `name@version (N-point)` of the rubric sets judgments name. */
  readonly rubricSetVersions = new Set<string>();
  readonly skillVersions = new Set<string>();
  readonly harnesses = new Set<string>();
  readonly models = new Set<string>();
  /** The data rooms whose chapters were exported (id → title), for the card's section on their plans. */
  readonly dataRooms = new Map<string, string>();
  /** How the runs were contained: `bubblewrap, network host`, `none (--no-sandbox)`, … */
  readonly sandboxes = new Set<string>();
  /** Judgments not exported because their rubric set is for another task kind than their run's. */
  judgmentsLeftOut = 0;
  /** Skill versions studies used whose folder is no longer on this machine (or no longer a valid skill): no row for them. */
  skillVersionsLeftOut = 0;
  readonly #dates = new Map<string, { first: string; last: string }>();

  /** Records an ISO instant under a label ("votes", "judgments", "runs", …). */
  date(label: string, iso: string): void {
    const seen = this.#dates.get(label);
    if (!seen) this.#dates.set(label, { first: iso, last: iso });
    else {
      if (iso < seen.first) seen.first = iso;
      if (iso > seen.last) seen.last = iso;
    }
  }

  dates(label: string): { first: string; last: string } | undefined {
    return this.#dates.get(label);
  }
}

export const sortedText = (values: Iterable<string>): string[] => [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
