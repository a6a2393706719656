import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCodexParser } from '../trajectory/parse-codex.ts';
import { codexConfigToml } from './codex-config-toml.ts';
import { baseHarnessEnv, type HarnessAdapter } from './harness-adapter.ts';

/**
 * Checked against the registry (`npm view @openai/codex version`) when pinned. The package's
 * platform binary comes as an aliased optional dependency (`@openai/codex-linux-x64` →
 * `@openai/codex@<v>-linux-x64`), which a plain `npm install` fetches from the registry.
 */
const PINNED_VERSION = '0.171.0';

/** Where a run talks to when no endpoint is given: OpenAI's own Responses API. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_KEY_ENV = 'OPENAI_API_KEY';

/** Codex wants the API root including `/v1`; the engine's endpoints (and the scripted server's) are given without it. */
export function codexBaseUrl(endpoint: string | undefined): string {
  if (!endpoint) return DEFAULT_BASE_URL;
  const trimmed = endpoint.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

export const codexAdapter: HarnessAdapter = {
  id: 'codex',
  displayName: 'Codex CLI',
  aliases: ['codex-cli', 'codex_cli', 'openai-codex'],
  npm: { package: '@openai/codex', pinnedVersion: PINNED_VERSION, bin: 'codex' },
  // Codex finds repository skills in .agents/skills from the working folder up, git repository or not.
  skillDir: (name) => join('.agents', 'skills', name),
  versionArgs: ['--version'],
  // "codex-cli 0.171.0"
  parseVersion: (stdout) => /\b(\d+\.\d+\.\d+(?:-[\w.]+)?)\b/.exec(stdout)?.[1] ?? null,

  async prepare(input) {
    // CODEX_HOME inside the run's HOME: config, sessions, logs and caches stay with the run.
    // (Codex refuses to put its helper links in a CODEX_HOME under TMPDIR, so it is not there.)
    const codexHome = join(input.homeDir, '.codex');
    await mkdir(codexHome, { recursive: true });
    // The key is read from the named variable, else OPENAI_API_KEY; only an endpoint given with
    // no key at all (the scripted server) is called without an Authorization header.
    const envKey = input.apiKeyEnv ?? (input.apiKey !== undefined || !input.endpoint ? DEFAULT_KEY_ENV : undefined);
    await writeFile(join(codexHome, 'config.toml'), codexConfigToml({ baseUrl: codexBaseUrl(input.endpoint), envKey, mcpServers: input.mcpServers }));

    const env: Record<string, string> = { ...baseHarnessEnv(input), CODEX_HOME: codexHome };
    if (envKey && input.apiKey !== undefined) env[envKey] = input.apiKey;
    // Approvals and sandbox off: the run's own folder, HOME and scrubbed environment are the isolation.
    // `-` reads the prompt from stdin: no argument-length limit, and a prompt starting with "-" stays a prompt.
    const args = ['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '--color', 'never', '-m', input.model, '-'];
    return { command: input.binary, args, cwd: input.workdir, env, stdin: input.prompt };
  },

  createParser: createCodexParser,
};
