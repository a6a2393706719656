import { BASE_SKILL, NO_SKILL } from '../../../schemas/studies.ts';
import { namedSkillVersions } from './named-skill-versions.ts';
import { readSkill } from './read-skill.ts';

/**
 * What a study can compare with a skill folder, in the order the New study form lists them:
 * `none` (without SKILL.md), `base` (the folder's own) and each named version. The folder is
 * read as a study would read it, so a bad skill is refused here, naming its file and field.
 */
export function skillVersionChoices(dir: string): { name: string; versions: string[] } {
  const skill = readSkill(dir);
  return { name: skill.name, versions: [NO_SKILL, BASE_SKILL, ...namedSkillVersions(dir)] };
}
