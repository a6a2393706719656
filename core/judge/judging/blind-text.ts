import { harnessPhraseRules, toolNameRules } from './harness-fingerprints.ts';
import type { RunIdentity } from './run-identity.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Not inside a longer word (an escaped `\n` before a word counts as a boundary: JSON text shows it so). */
const WORD_START = '(?:(?<![A-Za-z0-9])|(?<=\\\\[nrt]))';
const WORD_END = '(?![A-Za-z0-9])';

/** A compiled identity: the same regular expressions for every text of one run's prompt. */
export interface Blindfold {
  (text: string): string;
}

/**
 * Replaces what identifies a run in a text a judge will read, in this order:
 * 1. this machine's folders: the run's work folder becomes relative paths (`out/dist/index.html`,
 *    `.` for itself), its HOME `~`, the rest placeholders such as `[workspace]`;
 * 2. harness-specific folders: `.claude/skills/x` → `skills/x`, `.codex/…`, `.gemini/…` → `settings/…`
 *    (and `.claude.json` → `settings.json`);
 * 3. ids of the run, its study and configuration → `[run]`, `[study]`, `[configuration]`;
 * 4. model and harness names, in any case → `[model]`, `[harness]`;
 * 5. words only one harness prints in its tool results and errors (Claude Code's "File created
 *    successfully at:", Gemini CLI's "Command exited with code:") → neutral words, as each
 *    harness's adapter declares them (`resultPhrases`), and a harness's tool names written as
 *    code (`apply_patch`, `TodoWrite`) → what the tool does (`edit`, `plan`).
 */
export function blindfoldFor(identity: RunIdentity): Blindfold {
  const folders = [...identity.folders].sort((a, b) => b.value.length - a.value.length);
  const folderPattern = folders.length > 0 ? new RegExp(`(${folders.map((folder) => escape(folder.value)).join('|')})(/|(?![\\w-]|\\.[\\w-]))`, 'g') : undefined;
  const folderShownAs = new Map(folders.map((folder) => [folder.value, folder.shownAs]));

  const harnessFolders = identity.harnessFolders.map((name) => escape(name)).join('|');
  const harnessFolderRules: [RegExp, string][] =
    harnessFolders === ''
      ? []
      : [
          [new RegExp(`(?<![\\w.-])(?:${harnessFolders})/skills(?=/|(?![\\w.-]))`, 'gi'), 'skills'],
          [new RegExp(`(?<![\\w.-])(?:${harnessFolders})\\.json(?![\\w-])`, 'gi'), 'settings.json'],
          [new RegExp(`(?<![\\w.-])(?:${harnessFolders})(?![\\w.-])`, 'gi'), 'settings'],
        ];

  const ids = [...identity.ids].filter((id) => id.value.length > 0).sort((a, b) => b.value.length - a.value.length);
  const idPattern = ids.length > 0 ? new RegExp(ids.map((id) => escape(id.value)).join('|'), 'g') : undefined;
  const idShownAs = new Map(ids.map((id) => [id.value, id.shownAs]));

  const names = [...identity.names].sort((a, b) => b.value.length - a.value.length);
  const phraseRules = [...harnessPhraseRules(), ...toolNameRules()];
  const nameRules: [RegExp, string][] = names.map((name) => [new RegExp(`${WORD_START}${escape(name.value).replace(/\s+/g, '[\\s_-]+')}${WORD_END}`, 'gi'), name.shownAs]);

  return (text: string) => {
    let out = text;
    if (folderPattern) {
      out = out.replace(folderPattern, (_match, folder: string, slash: string) => {
        const shown = folderShownAs.get(folder) ?? '';
        if (slash === '/') return shown === '' ? '' : `${shown}/`;
        return shown === '' ? '.' : shown;
      });
    }
    for (const [pattern, replacement] of harnessFolderRules) out = out.replace(pattern, replacement);
    if (idPattern) out = out.replace(idPattern, (id) => idShownAs.get(id) ?? '[id]');
    for (const [pattern, replacement] of nameRules) out = out.replace(pattern, replacement);
    for (const [pattern, replacement] of phraseRules) out = out.replace(pattern, replacement);
    return out;
  };
}

/** Every string inside a value (a tool call's arguments), blinded and cut to `maxChars` first; keys and shape kept. */
export function blindValue(value: unknown, blind: Blindfold, maxChars = Number.POSITIVE_INFINITY): unknown {
  if (typeof value === 'string') return blind(value.length > maxChars ? value.slice(0, maxChars) : value);
  if (Array.isArray(value)) return value.map((item) => blindValue(item, blind, maxChars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, blindValue(item, blind, maxChars)]));
  return value;
}
