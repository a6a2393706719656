import type { HarnessId } from '../../../schemas/trajectory.ts';
import { claudeCodeAdapter } from './claude-code/claude-code.ts';
import { codexAdapter } from './codex/codex.ts';
import { commandHarness } from './command/command.ts';
import { geminiCliAdapter } from './gemini-cli/gemini-cli.ts';
import type { HarnessAdapter } from './harness-adapter.ts';

/**
 * Every harness the run engine can drive, by id, in the order people are shown them (`lhb
 * harnesses`, `harnesses.list` and so the New study form). The ids are `HarnessIdSchema`'s, so a
 * new id there makes tsc ask for its adapter here.
 */
export const HARNESS_ADAPTERS: Readonly<Record<HarnessId, HarnessAdapter>> = {
  'claude-code': claudeCodeAdapter,
  codex: codexAdapter,
  'gemini-cli': geminiCliAdapter,
  command: commandHarness,
};

export function harnessAdapter(id: HarnessId): HarnessAdapter {
  return HARNESS_ADAPTERS[id];
}

/** The harnesses `lhb harnesses install` can install (those with an npm package), in order. */
export function installableHarnesses(): HarnessAdapter[] {
  return Object.values(HARNESS_ADAPTERS).filter((adapter) => adapter.npm !== undefined);
}

/**
 * The harness a trajectory of an agent we have no adapter for is read as (an ATIF file of
 * Harbor's `openhands`): the one that runs any command, whose transcript says nothing of a vendor.
 */
export const OTHER_AGENTS_HARNESS_ID: HarnessId = commandHarness.id;

/**
 * The canonical id of a harness named `name` (its id or one of its aliases, any case), or
 * undefined for a harness we do not drive (a Harbor agent such as `openhands` keeps its name).
 */
export function canonicalHarnessId(name: string): HarnessId | undefined {
  const key = name.trim().toLowerCase();
  for (const adapter of Object.values(HARNESS_ADAPTERS)) if (adapter.id === key || adapter.aliases.includes(key)) return adapter.id;
  return undefined;
}

/** `name` as a run's harness: the canonical id when it is one of ours, else the name as given. */
export function canonicalHarnessName(name: string): string {
  return canonicalHarnessId(name) ?? name;
}

/** Ids in words for a message: `claude-code, codex or gemini-cli`. */
export function harnessIdsInWords(adapters: readonly HarnessAdapter[]): string {
  const ids = adapters.map((adapter) => adapter.id);
  return ids.length <= 1 ? ids.join('') : `${ids.slice(0, -1).join(', ')} or ${ids.at(-1)}`;
}
