import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JudgesFileSchema, type JudgeConfig } from '../../schemas/judge.ts';
import { judgeProviderChoices } from '../../schemas/judge-provider-ids.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

/** A judges file the user must fix: the command exits 2 with the message, nothing done. */
export class JudgesFileError extends Error {
  override name = 'JudgesFileError';
}

/** `--judges FILE` of `lhb judge` and `lhb serve`: a JSON array of judges, checked before anything runs. */
export function readJudgesFile(file: string): JudgeConfig[] {
  const path = resolve(file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new JudgesFileError(missing ? `The judges file ${path} does not exist.` : `The judges file ${path} is not JSON: ${(error as Error).message}.`);
  }
  const parsed = JudgesFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = describeZodIssues(parsed.error, '(file)');
    throw new JudgesFileError(`The judges file ${path} is not valid: ${problems}. It is a JSON array of {"name", "provider": ${judgeProviderChoices()}, "baseUrl", "model", "apiKeyEnv", "maxConcurrency"?}.`);
  }
  return parsed.data;
}
