import type { HarnessId, Trajectory } from '../../../schemas/trajectory.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { parseTranscript, type TranscriptSource } from './read-transcript-lines.ts';
import type { TranscriptParser } from './transcript-parser.ts';

/**
 * A fresh parser for the harness's transcript, from its adapter. Only that harness's parser is
 * loaded, so `lhb runs parse --harness command` never loads the others.
 */
export async function createTranscriptParser(harness: HarnessId): Promise<TranscriptParser> {
  return (await harnessAdapter(harness).loadParser())();
}

/** Parses a transcript file (or stream) with the harness's parser, a line at a time. */
export async function parseTranscriptFile(harness: HarnessId, source: TranscriptSource): Promise<Trajectory> {
  return parseTranscript(await createTranscriptParser(harness), source);
}
