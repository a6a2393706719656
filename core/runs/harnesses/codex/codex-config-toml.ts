import { isHttpMcpServer, type McpServerSpec } from '../harness-adapter.ts';

/**
 * `$CODEX_HOME/config.toml` for one run, written by hand: the file is small and flat, and
 * TOML's basic strings take JSON's escapes, so `JSON.stringify` quotes every value safely.
 */

export interface CodexRunConfig {
  /** The provider's Responses API base URL, ending in `/v1`. */
  baseUrl: string;
  /** The environment variable Codex reads the API key from; none for an endpoint that needs no key. */
  envKey?: string;
  /** The model catalog file the run reads instead of the binary's own (codex-model-catalog.ts). */
  modelCatalog?: string;
  mcpServers: McpServerSpec[];
  /** Where stdio servers start (the run's work folder), as the other harnesses start them. */
  mcpCwd?: string;
}

const MCP_STARTUP_TIMEOUT_SEC = 30;
const MCP_TOOL_TIMEOUT_SEC = 600;

/** The provider id the run's config defines and selects. */
export const CODEX_PROVIDER_ID = 'lhb';

const value = (v: string | number | boolean | string[]): string => (Array.isArray(v) ? `[${v.map((s) => JSON.stringify(s)).join(', ')}]` : typeof v === 'string' ? JSON.stringify(v) : String(v));
const key = (name: string): string => (/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name));

export function codexConfigToml(config: CodexRunConfig): string {
  const lines: string[] = [
    '# Written by LH-Bench for this run only.',
    `model_provider = ${value(CODEX_PROVIDER_ID)}`,
    // Approvals and sandbox are bypassed on the command line as well; the run folder is the isolation.
    `approval_policy = ${value('never')}`,
    `sandbox_mode = ${value('danger-full-access')}`,
    // Offline and unchanging: no update check, no hosted web search, no analytics or feedback uploads.
    `check_for_update_on_startup = ${value(false)}`,
    `web_search = ${value('disabled')}`,
    ...(config.modelCatalog ? [`model_catalog_json = ${value(config.modelCatalog)}`] : []),
    '',
    '[analytics]',
    `enabled = ${value(false)}`,
    '',
    '[feedback]',
    `enabled = ${value(false)}`,
    '',
    // Only the skill under test: Codex otherwise installs and lists its own (imagegen, skill-creator …).
    '[skills.bundled]',
    `enabled = ${value(false)}`,
    '',
    `[model_providers.${CODEX_PROVIDER_ID}]`,
    `name = ${value('LH-Bench endpoint')}`,
    `base_url = ${value(config.baseUrl)}`,
    `wire_api = ${value('responses')}`,
  ];
  if (config.envKey) lines.push(`env_key = ${value(config.envKey)}`);
  for (const server of config.mcpServers) {
    const table = `mcp_servers.${key(server.name)}`;
    if (isHttpMcpServer(server)) lines.push('', `[${table}]`, `url = ${value(server.url)}`);
    else {
      lines.push('', `[${table}]`, `command = ${value(server.command)}`, `args = ${value(server.args)}`);
      if (config.mcpCwd) lines.push(`cwd = ${value(config.mcpCwd)}`);
    }
    // Codex gives up on a tool call after 60 s by default; the verifier builds, serves and captures the app.
    lines.push(`startup_timeout_sec = ${MCP_STARTUP_TIMEOUT_SEC}`, `tool_timeout_sec = ${MCP_TOOL_TIMEOUT_SEC}`);
    const entries = Object.entries((isHttpMcpServer(server) ? server.headers : server.env) ?? {});
    if (entries.length > 0) {
      lines.push('', `[${table}.${isHttpMcpServer(server) ? 'http_headers' : 'env'}]`);
      for (const [name, v] of entries) lines.push(`${key(name)} = ${value(v)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
