import { expect, it } from 'vitest';
import { readSkill, readSkillFrontMatter, SkillError } from './read-skill.ts';

it('reads a SKILL.md front matter, and refuses one of megabytes before the YAML parser sees it, naming the file', () => {
  expect(readSkillFrontMatter('SKILL.md', '---\nname: chart-review\ndescription: Reviews charts.\n---\n# Steps\n')).toEqual({ name: 'chart-review', description: 'Reviews charts.' });
  // An alias bomb and a 100 MB value: each would hold the parser (and gigabytes) before any field check.
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)];
  expect(() => readSkillFrontMatter('skills/big/SKILL.md', `---\nname: big\ndescription: ${'x'.repeat(100 * 1024 * 1024)}\n---\n`)).toThrow(
    /skills\/big\/SKILL\.md: its front matter is \d+ characters; at most 65536 are read/,
  );
  expect(() => readSkillFrontMatter('skills/bomb/SKILL.md', `---\nname: bomb\ndescription: d\n${bomb.join('\n')}\n---\n`)).toThrow(/skills\/bomb\/SKILL\.md/);
}, 60_000);

it('refuses a missing skill folder in words that fit the CLI and the New study form alike, naming the study field', () => {
  let refusal: unknown;
  try {
    readSkill('/no/such/skills/figma');
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(SkillError);
  expect((refusal as SkillError).field).toBe('skill.dir');
  expect((refusal as SkillError).message).toBe('/no/such/skills/figma: is not a folder. Name a skill folder, one holding SKILL.md.');
});
