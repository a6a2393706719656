import { MAX_TOOL_RESULT_CHARS } from '../../../schemas/trajectory.ts';

const marker = (omitted: number) => `\n[… ${omitted} characters omitted …]\n`;

/** How a text of `total` characters is cut to at most `max`: head and tail lengths, and the marker between. */
export interface CapLayout {
  head: number;
  tail: number;
  marker: string;
}

/**
 * The one way the trajectory cuts a long text: its first and last characters around a marker that
 * says how many were left out, `max` characters in all (the marker's room is reserved for the
 * longest count it could name), so cutting an already cut text changes nothing.
 */
export function capLayout(total: number, max: number = MAX_TOOL_RESULT_CHARS): CapLayout {
  const keep = Math.max(0, max - marker(total).length);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  return { head, tail, marker: marker(total - head - tail) };
}

/** A text over `max` characters kept as its head and tail with a marker saying how much was cut. */
export function capText(text: string, max: number = MAX_TOOL_RESULT_CHARS): string {
  if (text.length <= max) return text;
  const { head, tail, marker: between } = capLayout(text.length, max);
  return `${text.slice(0, head)}${between}${tail > 0 ? text.slice(text.length - tail) : ''}`;
}

/**
 * Text that arrives in pieces (a command harness's lines of plain output) and may never end:
 * keeps the first and last `max / 2` characters, so memory stays bounded however much arrives,
 * and reads back as capText would cut the whole.
 */
export class BoundedText {
  private head = '';
  private tail = '';
  private total = 0;
  private readonly max: number;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(max: number = MAX_TOOL_RESULT_CHARS) {
    this.max = max;
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
    if (this.total <= this.max) return `${this.head}${this.tail}`;
    // capLayout's head and tail are never longer than what is kept (ceil(max/2) and the rest).
    const { head, tail, marker: between } = capLayout(this.total, this.max);
    return `${this.head.slice(0, head)}${between}${tail > 0 ? this.tail.slice(this.tail.length - tail) : ''}`;
  }
}
