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
