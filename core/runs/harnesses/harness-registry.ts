import type { HarnessId } from '../../../schemas/trajectory.ts';
import { claudeCodeAdapter } from './claude-code.ts';
import { codexAdapter } from './codex.ts';
import { commandHarness } from './command.ts';
import { geminiCliAdapter } from './gemini-cli.ts';
import type { HarnessAdapter } from './harness-adapter.ts';

/** Every harness the run engine can drive, by id. */
export const HARNESS_ADAPTERS: Readonly<Record<HarnessId, HarnessAdapter>> = {
  'claude-code': claudeCodeAdapter,
  codex: codexAdapter,
  'gemini-cli': geminiCliAdapter,
  command: commandHarness,
};

export function harnessAdapter(id: HarnessId): HarnessAdapter {
  return HARNESS_ADAPTERS[id];
}

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
