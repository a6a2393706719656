import { readFileSync } from 'node:fs';
import type { SourceType } from '../../schemas/sources.ts';
import { normaliseSource } from './normalise-source.ts';

/** Normalises one file as an import's worker does, in a child process of its own (callInChildProcess), answering its line count. */
export async function normaliseFileForProbe(path: string, type: SourceType): Promise<number> {
  return (await normaliseSource(type, readFileSync(path), path.split('/').at(-1)!)).lineCount;
}
