import type { HarnessId, Trajectory } from '../../../schemas/trajectory.ts';
import { parseTranscript, type TranscriptSource } from './read-transcript-lines.ts';
import type { TranscriptParser } from './transcript-parser.ts';

type ParserFactory = () => TranscriptParser;

/**
 * Which parser reads which harness's transcript. Each entry imports its parser only when that
 * harness is parsed, so `lhb runs parse --harness command` never loads the others.
 */
const TRANSCRIPT_PARSERS: Record<HarnessId, () => Promise<ParserFactory>> = {
  'claude-code': async () => (await import('./parse-claude-code.ts')).createClaudeCodeParser,
  codex: async () => (await import('./parse-codex.ts')).createCodexParser,
  'gemini-cli': async () => (await import('./parse-gemini-cli.ts')).createGeminiCliParser,
  command: async () => (await import('./parse-command.ts')).createCommandParser,
};

/** A fresh parser for the harness's transcript. */
export async function createTranscriptParser(harness: HarnessId): Promise<TranscriptParser> {
  return (await TRANSCRIPT_PARSERS[harness]())();
}

/** Parses a transcript file (or stream) with the harness's parser, a line at a time. */
export async function parseTranscriptFile(harness: HarnessId, source: TranscriptSource): Promise<Trajectory> {
  return parseTranscript(await createTranscriptParser(harness), source);
}
