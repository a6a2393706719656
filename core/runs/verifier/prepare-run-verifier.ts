import { resolveChromiumPath } from '../bundles/chromium-path.ts';
import type { HarnessAdapter, McpServerSpec } from '../harnesses/harness-adapter.ts';
import { currentLhbCommand, withEnvPrefix } from './lhb-command.ts';
import { join } from 'node:path';
import { VERIFIER_DIR_INSIDE } from '../sandbox/bwrap-arguments.ts';
import { VERIFIER_SOCKET } from './verifier-service.ts';
import { verifierFolderOfRun, writeVerifyConfig } from './verify-config.ts';

/** Codex names the tool mcp__<server>__verify_build; an underscore keeps that name a plain identifier. */
export const VERIFIER_MCP_SERVER_NAME = 'lhb_verifier';

export interface RunVerifierSetup {
  /** The post-tool hook command (Claude Code's PostToolUse, Gemini CLI's AfterTool). */
  verifierCommand?: string[];
  /** For a harness without a post-tool hook (Codex): the verify_build tool's MCP server. */
  mcpServers: McpServerSpec[];
}

export interface PrepareRunVerifierInput {
  /** The study's choice; absent means on for tasks with frames (Figma-to-code), off otherwise. */
  enabled: boolean | undefined;
  /** The run's harness: its adapter says how the verifier reaches it. */
  harness: Pick<HarnessAdapter, 'id' | 'verifierHook'>;
  frames: readonly { node_id: string; target_route: string; viewport_width: number | null; viewport_height: number | null }[];
  /** The run folder: verify.json, the verifier's state and its findings log go in its verifier/ folder. */
  folder: string;
  /** The agent's working folder (`<folder>/work`). */
  workdir: string;
  /** Whether the harness runs in a sandbox: there the service's socket is at VERIFIER_DIR_INSIDE, else a link in the verifier folder. */
  sandboxed: boolean;
}

/**
 * Sets a run up for the verifier: writes verify.json (the task's routes, or `/`) into the run's
 * verifier folder and says how the harness calls `lhb runs verify --socket`, as its adapter's
 * `verifierHook` says: a thin client asking the engine's verifier service (verifier-service.ts)
 * for a check. A harness with neither hooks nor MCP (the command harness) gets none.
 */
export function prepareRunVerifier(input: PrepareRunVerifierInput): RunVerifierSetup {
  const enabled = input.enabled ?? input.frames.length > 0;
  const hook = input.harness.verifierHook;
  if (!enabled || hook.kind === 'none') return { mcpServers: [] };
  let chromiumPath: string | undefined;
  try {
    chromiumPath = resolveChromiumPath();
  } catch {
    // The check says so when it runs (to the run's stderr, never to the agent as its problem).
  }
  writeVerifyConfig(verifierFolderOfRun(input.folder), {
    frames:
      input.frames.length > 0
        ? input.frames.map((frame) => ({
            nodeId: frame.node_id,
            targetRoute: frame.target_route,
            ...(frame.viewport_width && frame.viewport_height ? { viewport: { width: frame.viewport_width, height: frame.viewport_height } } : {}),
          }))
        : [{ nodeId: 'root', targetRoute: '/' }],
    ...(chromiumPath ? { chromiumPath } : {}),
  });
  const lhb = currentLhbCommand();
  const socket = input.sandboxed ? `${VERIFIER_DIR_INSIDE}/${VERIFIER_SOCKET}` : join(verifierFolderOfRun(input.folder), VERIFIER_SOCKET);
  const client = ['runs', 'verify', '--workdir', input.workdir, '--socket', socket];
  if (hook.kind === 'mcp-tool') {
    const [command, ...args] = lhb.argv;
    return { mcpServers: [{ name: VERIFIER_MCP_SERVER_NAME, command: command!, args: [...args, ...client, '--mcp'], env: lhb.env }] };
  }
  return { verifierCommand: withEnvPrefix(lhb, [...client, '--hook', input.harness.id]), mcpServers: [] };
}
