import { MAX_TOOL_RESULT_CHARS } from '../../../schemas/trajectory.ts';

const marker = (omitted: number) => `\n[… ${omitted} characters omitted …]\n`;

/** A text over `max` characters kept as its head and tail with a marker saying how much was cut. */
export function capText(text: string, max: number = MAX_TOOL_RESULT_CHARS): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max / 2);
  const tail = max - head;
  return `${text.slice(0, head)}${marker(text.length - max)}${text.slice(text.length - tail)}`;
}

/**
 * Text that arrives in pieces (a command harness's lines of plain output) and may never end:
 * keeps the first and last `max / 2` characters, so memory stays bounded however much arrives.
 */
export class BoundedText {
  private head = '';
  private tail = '';
  private total = 0;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(max: number = MAX_TOOL_RESULT_CHARS) {
    this.headMax = Math.ceil(max / 2);
    this.tailMax = max - this.headMax;
  }

  get length(): number {
    return this.total;
  }

  append(piece: string): void {
    this.total += piece.length;
    const roomInHead = this.headMax - this.head.length;
    if (roomInHead > 0) {
      this.head += piece.slice(0, roomInHead);
      piece = piece.slice(roomInHead);
      if (piece.length === 0) return;
    }
    this.tail += piece;
    // Trim lazily (at twice the limit) so appending many short lines stays linear.
    if (this.tail.length > 2 * this.tailMax) this.tail = this.tail.slice(this.tail.length - this.tailMax);
  }

  toString(): string {
    const tail = this.tail.length > this.tailMax ? this.tail.slice(this.tail.length - this.tailMax) : this.tail;
    const omitted = this.total - this.head.length - tail.length;
    return omitted > 0 ? `${this.head}${marker(omitted)}${tail}` : `${this.head}${tail}`;
  }
}
