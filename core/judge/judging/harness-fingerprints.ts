import type { ToolKind } from '../../runs/harnesses/declared-tools.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { harnessFolderNames } from './run-identity.ts';

/** What would tell a reader which harness made a run, found in a text that should not tell. */
export interface Fingerprint {
  /** The harness it points to (`null`: a settings folder more than one harness keeps). */
  harness: HarnessId | null;
  kind: 'tool name' | 'result phrase' | 'settings folder';
  /** The words as they stand in the text. */
  found: string;
}

const vendorAdapters = () => Object.values(HARNESS_ADAPTERS).filter((adapter) => adapter.npm !== undefined);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const everywhere = (pattern: RegExp) => new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);

/**
 * Every harness's tell-tale phrases as replacements a judge's text goes through: all harnesses'
 * for every run, since an imported trajectory may be any agent's.
 */
export function harnessPhraseRules(): [RegExp, string][] {
  return Object.values(HARNESS_ADAPTERS).flatMap((adapter) => adapter.resultPhrases.map((phrase): [RegExp, string] => [everywhere(phrase.pattern), phrase.shownAs]));
}

/**
 * Every harness's tool names written as code, in any text a judge reads (an agent saying "I'll
 * use apply_patch", an error listing the tools offered), as what the tool does (`edit`, `plan`,
 * `tool`): the same neutral names the tool calls are given.
 */
export function toolNameRules(): [RegExp, string][] {
  return distinctiveToolNames().map(({ name, kind }): [RegExp, string] => [new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`, 'g'), kind === 'other' ? 'tool' : kind]);
}

/**
 * A harness's tool names that no one's code or prose writes by chance: with a capital inside
 * (`TodoWrite`, `NotebookEdit`) or two underscores or more (`run_shell_command`). Everyday words
 * (`Read`, `Bash`, `replace`) and everyday identifiers (`read_file`, as an agent's own code may
 * name a function) are left to the neutral naming of tool calls, which the blinding tests check
 * where a call is named.
 */
function distinctiveToolNames(): { harness: HarnessId; name: string; kind: ToolKind }[] {
  return vendorAdapters().flatMap((adapter) =>
    Object.entries(adapter.tools.byName)
      .filter(([name]) => /[a-z][A-Z]/.test(name) || (name.match(/_/g)?.length ?? 0) >= 2)
      .map(([name, tool]) => ({ harness: adapter.id, name, kind: tool.kind })),
  );
}


/**
 * The fingerprint scan: every harness tool name written as code, every result phrase a harness
 * declares, and every harness settings folder (`.claude/`, `.gemini`) in `text`. A prompt a
 * judge reads, or a page a voter is served, should have none: blinding removes them.
 */
export function fingerprintsIn(text: string): Fingerprint[] {
  const found: Fingerprint[] = [];
  for (const { harness, name } of distinctiveToolNames()) {
    for (const match of text.matchAll(new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`, 'g'))) found.push({ harness, kind: 'tool name', found: match[0] });
  }
  for (const adapter of Object.values(HARNESS_ADAPTERS)) {
    for (const phrase of adapter.resultPhrases) for (const match of text.matchAll(everywhere(phrase.pattern))) found.push({ harness: adapter.id, kind: 'result phrase', found: match[0] });
  }
  for (const folder of harnessFolderNames()) {
    const owners = Object.values(HARNESS_ADAPTERS).filter((adapter) => adapter.configFolders.some((kept) => kept.split(/[\\/]/)[0] === folder) || `.${adapter.id}` === folder);
    for (const match of text.matchAll(new RegExp(`(?<![\\w.-])${escape(folder)}(?=/|(?![\\w.-]))`, 'gi'))) found.push({ harness: owners.length === 1 ? owners[0]!.id : null, kind: 'settings folder', found: match[0] });
  }
  return found;
}
