import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SkillToInstall } from './read-skill.ts';

/**
 * Copies a skill into a run's folder where its harness looks for skills (`.claude/skills/<name>`,
 * `.agents/skills/<name>`, `.gemini/skills/<name>`): the chosen version's SKILL.md as SKILL.md,
 * plus the skill's other files. The `versions/` folder is never installed, so the agent sees only
 * the version it was given. Returns the installed SKILL.md's path.
 */
export function installSkill(skill: SkillToInstall, workdir: string, skillDir: string): string {
  const target = join(workdir, skillDir);
  mkdirSync(target, { recursive: true });
  const skillFile = join(target, 'SKILL.md');
  copyFileSync(skill.skillFile, skillFile);
  for (const file of skill.files) {
    const to = join(target, file);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(skill.dir, file), to);
  }
  return skillFile;
}
