import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { namedSkillVersions } from './named-skill-versions.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

/** The Agent Skills rules for a skill's name: lowercase letters, digits and single hyphens, at most 64 characters. */
const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;
/** Skill folders are small: instructions, scripts, references. A bigger one is probably the wrong folder. */
const MAX_SKILL_BYTES = 50 * 1024 * 1024;

/**
 * A skill folder that cannot be used (a `bad_request`): `file` is the SKILL.md or folder at fault,
 * `frontMatterField` the front matter field, and `field` the study's own field (`skill.dir`, or
 * `skill.versions` for a version that does not exist).
 */
export class SkillError extends LhbError {
  override name = 'SkillError';
  readonly file: string;
  readonly frontMatterField: string | undefined;
  constructor(file: string, frontMatterField: string | undefined, message: string, field = 'skill.dir') {
    super('bad_request', message, { field });
    this.file = file;
    this.frontMatterField = frontMatterField;
  }
}

/** A skill folder ready to install: its name, the SKILL.md to install (base or a version), its files. */
export interface SkillToInstall {
  name: string;
  description: string;
  /** The folder the skill came from. */
  dir: string;
  /** `base` when the folder's own SKILL.md is installed, else the version's name (`v2`). */
  version: string;
  /** The SKILL.md that is installed (the folder's, or `versions/<v>/SKILL.md`). */
  skillFile: string;
  /** Every other file of the skill, relative to its folder (`versions/` left out). */
  files: string[];
  /** SHA-256 over the installed SKILL.md and every file: a changed skill changes it. */
  digest: string;
}

/** The front matter block read at most: name (64) and description (1,024) with room for other keys. */
const MAX_FRONT_MATTER_CHARS = 64 * 1024;

interface FrontMatter {
  name: string;
  description: string;
}

/** Reads and checks a SKILL.md's YAML front matter; errors name the file and the field. */
export function readSkillFrontMatter(file: string, text: string): FrontMatter {
  const match = /^(?:\uFEFF)?---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/.exec(text);
  if (!match) throw new SkillError(file, undefined, `${file}: has no YAML front matter. Start it with a "---" block holding name and description.`);
  // Name and description fit in a few kilobytes; a block of megabytes is refused before the YAML parser sees it.
  if (match[1]!.length > MAX_FRONT_MATTER_CHARS) {
    throw new SkillError(file, undefined, `${file}: its front matter is ${match[1]!.length} characters; at most ${MAX_FRONT_MATTER_CHARS} are read. Keep name and description there and the instructions below the "---" line.`);
  }
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    throw new SkillError(file, undefined, `${file}: its front matter is not valid YAML (${(error as Error).message.split('\n')[0]}). Fix the block between the "---" lines.`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new SkillError(file, undefined, `${file}: its front matter must be a YAML mapping with name and description.`);
  const record = data as Record<string, unknown>;
  const name = record.name;
  if (typeof name !== 'string' || name.length === 0) throw new SkillError(file, 'name', `${file}: front matter field "name" is missing. Add name: my-skill (lowercase letters, digits and hyphens).`);
  if (name.length > MAX_NAME) throw new SkillError(file, 'name', `${file}: front matter field "name" is ${name.length} characters; at most ${MAX_NAME} are allowed.`);
  if (!SKILL_NAME.test(name)) {
    throw new SkillError(file, 'name', `${file}: front matter field "name" is "${name}"; use lowercase letters, digits and single hyphens, not starting or ending with a hyphen.`);
  }
  const description = record.description;
  if (typeof description !== 'string' || description.trim().length === 0) {
    throw new SkillError(file, 'description', `${file}: front matter field "description" is missing. Say what the skill does and when to use it.`);
  }
  if (description.length > MAX_DESCRIPTION) throw new SkillError(file, 'description', `${file}: front matter field "description" is ${description.length} characters; at most ${MAX_DESCRIPTION} are allowed.`);
  return { name, description };
}

/**
 * Reads a skill folder and picks what to install: its own SKILL.md, or `versions/<v>/SKILL.md`
 * when a version is asked for (the folder name must match the skill's name, as the Agent Skills
 * format requires). Refuses a bad skill before any run starts, naming the file and the field.
 */
export function readSkill(dir: string, version?: string): SkillToInstall {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SkillError(dir, undefined, `${dir}: is not a folder. Name a skill folder, one holding SKILL.md.`);
  const base = join(dir, 'SKILL.md');
  if (!existsSync(base)) throw new SkillError(base, undefined, `${base}: not found. A skill folder holds a SKILL.md with YAML front matter.`);
  const baseMatter = readSkillFrontMatter(base, readFileSync(base, 'utf8'));
  let skillFile = base;
  if (version !== undefined && version !== 'base') {
    skillFile = join(dir, 'versions', version, 'SKILL.md');
    if (!existsSync(skillFile)) {
      const known = namedSkillVersions(dir);
      throw new SkillError(skillFile, undefined, `${skillFile}: not found, so skill version "${version}" does not exist. Versions here: ${known.length > 0 ? known.join(', ') : 'none (only the base SKILL.md)'}.`, 'skill.versions');
    }
  }
  const matter = skillFile === base ? baseMatter : readSkillFrontMatter(skillFile, readFileSync(skillFile, 'utf8'));
  if (matter.name !== baseMatter.name) {
    throw new SkillError(skillFile, 'name', `${skillFile}: front matter name "${matter.name}" differs from the skill's "${baseMatter.name}". A version keeps its skill's name.`);
  }
  if (basename(dir) !== matter.name) {
    throw new SkillError(base, 'name', `${base}: front matter name "${matter.name}" must match its folder's name "${basename(dir)}". Rename one of them.`);
  }
  const files: string[] = [];
  let bytes = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const absolute = join(folder, entry.name);
      const rel = relative(dir, absolute).split(sep).join('/');
      if (rel === 'versions' || rel === 'SKILL.md') continue;
      if (entry.isDirectory()) walk(absolute);
      else if (entry.isFile()) {
        bytes += statSync(absolute).size;
        files.push(rel);
      }
    }
  };
  walk(dir);
  if (bytes > MAX_SKILL_BYTES) throw new SkillError(dir, undefined, `${dir}: holds ${(bytes / 1048576).toFixed(1)} MiB; a skill is at most ${MAX_SKILL_BYTES / 1048576} MiB. Name the skill's own folder.`);
  const hash = createHash('sha256').update(readFileSync(skillFile));
  for (const file of files) hash.update(`\n${file}\n`).update(readFileSync(join(dir, file)));
  return { name: matter.name, description: matter.description, dir, version: version ?? 'base', skillFile, files, digest: hash.digest('hex') };
}
