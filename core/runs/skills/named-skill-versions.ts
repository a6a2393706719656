import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The named versions a skill folder holds: each `versions/<v>/` with a SKILL.md, sorted. */
export function namedSkillVersions(dir: string): string[] {
  const versions = join(dir, 'versions');
  if (!existsSync(versions)) return [];
  return readdirSync(versions)
    .filter((version) => existsSync(join(versions, version, 'SKILL.md')))
    .sort();
}
