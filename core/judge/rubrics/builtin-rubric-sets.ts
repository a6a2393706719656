import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RubricSetSchema, type RubricSet } from '../../../schemas/judge.ts';
import { packageRoot } from '../../app-paths.ts';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/** The rubric sets shipped with the app, one JSON file per set and scale. */
export const builtinRubricDir = join(packageRoot, 'datasets', 'rubrics');

/**
 * Reads and validates every shipped set. A file that does not parse is a defect of this build,
 * so it throws naming the file and the problem rather than quietly leaving the set out.
 */
export function readBuiltinRubricSets(dir: string = builtinRubricDir): RubricSet[] {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const path = join(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`The built-in rubric set ${path} is not valid JSON: ${(error as Error).message}. Reinstall the app or restore the file.`, { cause: error });
    }
    const parsed = RubricSetSchema.safeParse(json);
    if (!parsed.success) {
      const problems = describeZodIssues(parsed.error, '(set)');
      throw new Error(`The built-in rubric set ${path} is not a valid rubric set: ${problems}. Reinstall the app or restore the file.`);
    }
    return parsed.data;
  });
}

let cached: RubricSet[] | undefined;

/** The shipped sets, read once per process. */
export function builtinRubricSets(): RubricSet[] {
  cached ??= readBuiltinRubricSets();
  return cached;
}
