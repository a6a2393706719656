/** At most this many warnings are kept word for word; the rest are counted. */
export const MAX_KEPT_WARNINGS = 50;

/**
 * A parser's warnings, bounded: a transcript of a million stderr lines must not become a
 * million warnings. The first `max` are kept; `toArray()` ends with how many more there were.
 */
export class WarningList {
  private readonly kept: string[] = [];
  private dropped = 0;

  constructor(private readonly max: number = MAX_KEPT_WARNINGS) {}

  add(warning: string): void {
    if (this.kept.length < this.max) this.kept.push(warning);
    else this.dropped++;
  }

  toArray(): string[] {
    return this.dropped > 0 ? [...this.kept, `… and ${this.dropped} more warning${this.dropped === 1 ? '' : 's'} like these`] : [...this.kept];
  }
}
