import type { Trajectory } from '../../../schemas/trajectory.ts';
import type { TrajectoryLimits } from './kept-steps.ts';
import type { TranscriptLine } from './transcript-line.ts';

/** What a parser may be told about the run whose transcript it reads. */
export interface TranscriptParserOptions {
  /** The run's MCP server names, when known: they split a CLI's MCP tool names where the name alone is ambiguous. */
  mcpServers?: readonly string[];
  /** How many steps and tool calls to keep (kept-steps.ts); the rest are counted in `omitted`. */
  limits?: TrajectoryLimits;
}

/**
 * Turns one harness's transcript into the normalised trajectory, a line at a time, so a
 * transcript of hundreds of MB is never held whole. Lines arrive without their newline; a line
 * that is not JSON (interleaved stderr, a cut-off last line) is kept as a warning, never thrown.
 */
export interface TranscriptParser {
  push(line: TranscriptLine): void;
  /**
   * Keys whose long string values this parser never reads; a reader may leave them undecoded
   * (parseJsonLine). Lines parsed on another thread are read with these.
   */
  readonly unreadKeys?: ReadonlySet<string>;
  /** Call once after the last line. `partialLastLine` says the file did not end with a newline. */
  finish(options?: { partialLastLine?: boolean }): Trajectory;
}
