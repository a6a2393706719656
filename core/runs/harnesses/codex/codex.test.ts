import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../../schemas/replay-script.ts';
import { TrajectorySchema } from '../../../../schemas/trajectory.ts';
import { openAiResponsesFormat } from '../../replay/openai-responses.ts';
import { startReplayServer, type ReplayServer } from '../../replay/replay-server.ts';
import { codexAdapter, codexBaseUrl } from './codex.ts';
import type { HarnessInvocation, PrepareRunInput } from '../harness-adapter.ts';
import { waitForHarnessVersion } from '../harness-version-detector.ts';
import { ensureTestHarness } from '../test-harness-tools.fixture.ts';
import { expectResumeLooksForMissingSession } from '../missing-session-resume.fixture.ts';
import { STDIO_AND_HTTP_MCP_SERVERS } from '../stdio-and-http-mcp-servers.fixture.ts';

const SKILL_TEXT = '---\nname: demo-skill\ndescription: Builds a one-page demo site into out/dist.\n---\nSKILL-BODY-7f3a: put the page in out/dist/index.html.\n';
const PAGE = '<!doctype html>\n<title>Demo</title>\n<h1>Built by the script</h1>\n';
const RUN_TIMEOUT_MS = 60_000;

const script: ReplayScript = {
  name: 'codex-four-calls',
  turns: [
    { text: 'Reading the skill first.', calls: [{ action: 'read', path: '{{skill_file}}' }] },
    { text: '', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: PAGE }] },
    { text: '', calls: [{ action: 'shell', command: 'ls /definitely-missing-dir' }] },
    { text: '', calls: [{ action: 'shell', command: 'ls out/dist' }] },
  ],
  final: 'The page is in out/dist/index.html.',
  usage: { input: 100, output: 20 },
};

/** A stdio MCP server with one tool, standing in for the verifier: it answers with the env it was given. */
const MCP_SERVER = `
import { createInterface } from 'node:readline';
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'verifier', version: '1.0.0' } } });
  else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'check_app', description: 'Checks the app', inputSchema: { type: 'object', properties: { route: { type: 'string' } } } }] } });
  else if (m.method === 'tools/call') send({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: 'no findings for ' + m.params.arguments.route + ' (' + process.env.VERIFIER_MODE + ')' }] } });
  else if (m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'unknown method' } });
});
`;

/** The harness's stdout through its adapter's parser, a line at a time. */
async function parseStdout(stdout: string) {
  const parser = (await codexAdapter.loadParser())();
  const lines = stdout.split('\n');
  const partialLastLine = lines.at(-1) !== '';
  if (!partialLastLine) lines.pop();
  for (const line of lines) parser.push(line);
  return TrajectorySchema.parse(parser.finish({ partialLastLine }));
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the harness as the executor will: its own process group, stdin from the invocation, killed whole on timeout. */
function runHarness(invocation: HarnessInvocation, extraArgs: string[] = []): Promise<RunResult> {
  const started = Date.now();
  // Extra flags go after `exec`, before the prompt's `-`.
  const args = [invocation.args[0]!, ...extraArgs, ...invocation.args.slice(1)];
  const child = spawn(invocation.command, args, { cwd: invocation.cwd, env: invocation.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(invocation.stdin ?? '');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`codex did not finish within ${RUN_TIMEOUT_MS} ms; stderr: ${stderr.slice(-2000)}`));
    }, RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

let binary: string;
let server: ReplayServer;
let root: string;
let workdir: string;
let homeDir: string;

beforeAll(async () => {
  binary = await ensureTestHarness(codexAdapter);
  server = await startReplayServer([openAiResponsesFormat]);
}, 600_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-codex-'));
  workdir = join(root, 'work');
  homeDir = join(root, 'home');
  for (const dir of [workdir, homeDir, join(homeDir, 'tmp')]) mkdirSync(dir, { recursive: true });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function runInput(overrides: Partial<PrepareRunInput>): PrepareRunInput {
  return { workdir, homeDir, binary, prompt: 'Use the demo-skill skill to build the page.', model: 'gpt-5.5', mcpServers: [], ...overrides };
}

describe('Codex CLI against the scripted server', () => {
  it('reads the skill, writes the page, fails one command and passes the next', async () => {
    const skillFile = join(workdir, codexAdapter.skillDir('demo-skill'), 'SKILL.md');
    mkdirSync(dirname(skillFile), { recursive: true });
    writeFileSync(skillFile, SKILL_TEXT);
    const session = server.openSession(script, { workdir, skill_file: skillFile });
    const invocation = await codexAdapter.prepare(runInput({ endpoint: server.endpointFor(session.id) }));

    // --strict-config: every key of the config we write must be one the pinned Codex knows.
    const run = await runHarness(invocation, ['--strict-config']);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(workdir, 'out', 'dist', 'index.html'), 'utf8')).toBe(PAGE);

    const agentRequests = session.requests.filter((request) => Array.isArray((request.body as { tools?: unknown[] }).tools));
    expect(agentRequests).toHaveLength(5);
    // Codex listed the installed skill to the model, and sent its text back as the read's output.
    expect(JSON.stringify(agentRequests[0]!.body)).toContain('demo-skill: Builds a one-page demo site into out/dist.');
    // …and only that skill: Codex's bundled ones (imagegen, skill-creator …) are switched off.
    expect(JSON.stringify(agentRequests[0]!.body)).not.toMatch(/imagegen|skill-creator/);
    const outputs = (agentRequests[1]!.body as { input: { type: string; output?: unknown }[] }).input.filter((item) => item.type === 'function_call_output');
    expect(JSON.stringify(outputs)).toContain('SKILL-BODY-7f3a');

    const trajectory = await parseStdout(run.stdout);
    const calls = trajectory.steps.flatMap((step) => step.toolCalls);
    expect(calls).toHaveLength(4);
    expect(calls.filter((call) => !call.ok)).toEqual([expect.objectContaining({ exitCode: 2, arguments: { command: expect.stringContaining('ls /definitely-missing-dir') } })]);
    expect(trajectory.outcome).toBe('completed');
    expect(trajectory.steps.length).toBeGreaterThan(0);
    expect(trajectory.tokens.input).toBeGreaterThan(0);
    expect(trajectory.tokens.output).toBeGreaterThan(0);

    expect((await waitForHarnessVersion(codexAdapter, binary, { toolsDir: join(root, 'version-cache') })).version).toBe(codexAdapter.npm!.pinnedVersion);
  });

  it('offers the run’s MCP servers with their env, so the verifier can be called as a tool', async () => {
    const serverFile = join(root, 'verifier-mcp.mjs');
    writeFileSync(serverFile, MCP_SERVER);
    const session = server.openSession(
      { name: 'codex-mcp', turns: [{ text: 'Checking.', calls: [{ action: 'tool', name: 'mcp__verifier__check_app', arguments: { route: '/' } }] }], final: 'Checked.', usage: { input: 10, output: 5 } },
      { workdir, skill_file: '' },
    );
    const mcpServers = [{ name: 'verifier', command: process.execPath, args: [serverFile], env: { VERIFIER_MODE: 'strict' } }];
    const run = await runHarness(await codexAdapter.prepare(runInput({ endpoint: server.endpointFor(session.id), mcpServers })), ['--strict-config']);
    expect(run.code, run.stderr).toBe(0);
    // The first request lists the tool itself, not only tool_search to look it up with: the model sees what it may call.
    const firstTools = (session.requests.find((request) => Array.isArray((request.body as { tools?: unknown[] }).tools))!.body as { tools: { type: string; name?: string }[] }).tools;
    expect(JSON.stringify(firstTools)).toContain('Checks the app');
    expect(firstTools.map((tool) => tool.type)).not.toContain('tool_search');
    const trajectory = await parseStdout(run.stdout);
    expect(trajectory.steps.flatMap((step) => step.toolCalls)).toEqual([
      expect.objectContaining({ name: 'mcp:verifier.check_app', ok: true, result: 'no findings for / (strict)' }),
    ]);
  });
});

describe('codexAdapter.prepare', () => {
  it('writes CODEX_HOME/config.toml for the endpoint, key variable and MCP servers, and scrubs the environment', async () => {
    process.env.LHB_CODEX_TEST_LEAK = 'must not reach the agent';
    try {
      const invocation = await codexAdapter.prepare(
        runInput({ endpoint: 'https://llm.example.test/', apiKeyEnv: 'MY_KEY', apiKey: 'sk-test', mcpServers: [{ name: 'lhb verifier', command: '/usr/bin/node', args: ['v.mjs', 'it\'s "quoted"'] }] }),
      );
      const codexHome = join(homeDir, '.codex');
      expect(invocation.env).toMatchObject({ CODEX_HOME: codexHome, HOME: homeDir, MY_KEY: 'sk-test' });
      expect(invocation.env.LHB_CODEX_TEST_LEAK).toBeUndefined();
      expect(invocation.args).toEqual(['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '--color', 'never', '-m', 'gpt-5.5', '-']);
      expect(invocation.stdin).toBe('Use the demo-skill skill to build the page.');
      const toml = readFileSync(join(codexHome, 'config.toml'), 'utf8');
      expect(toml).toContain('model_provider = "lhb"');
      expect(toml).toContain('base_url = "https://llm.example.test/v1"');
      expect(toml).toContain('wire_api = "responses"');
      expect(toml).toContain('env_key = "MY_KEY"');
      expect(toml).toContain('[mcp_servers."lhb verifier"]');
      expect(toml).toContain('args = ["v.mjs", "it\'s \\"quoted\\""]');
      expect(toml).toContain('tool_timeout_sec = 600');
    } finally {
      delete process.env.LHB_CODEX_TEST_LEAK;
    }
  });

  it('defaults to OpenAI with OPENAI_API_KEY, and sends no key to an endpoint given none', async () => {
    expect(codexBaseUrl(undefined)).toBe('https://api.openai.com/v1');
    expect(codexBaseUrl('http://127.0.0.1:9/s/abc')).toBe('http://127.0.0.1:9/s/abc/v1');
    expect(codexBaseUrl('https://proxy.test/v1/')).toBe('https://proxy.test/v1');
    const openai = await codexAdapter.prepare(runInput({ apiKey: 'sk-openai' }));
    expect(openai.env.OPENAI_API_KEY).toBe('sk-openai');
    expect(readFileSync(join(homeDir, '.codex', 'config.toml'), 'utf8')).toContain('env_key = "OPENAI_API_KEY"');
    await codexAdapter.prepare(runInput({ endpoint: 'http://127.0.0.1:9/s/abc' }));
    expect(readFileSync(join(homeDir, '.codex', 'config.toml'), 'utf8')).not.toContain('env_key');
    expect(existsSync(join(homeDir, '.codex'))).toBe(true);
  });
});

describe('Codex’s MCP servers', () => {
  it('are named mcp__<server>__<tool> in the namespace mcp__<server>, and an HTTP one is written with `url` and `http_headers`', async () => {
    expect(codexAdapter.mcpToolName!('design_tokens', 'get_tokens')).toBe('mcp__design_tokens__get_tokens');
    expect(codexAdapter.mcpToolNamespace!('design_tokens')).toBe('mcp__design_tokens');
    await codexAdapter.prepare(runInput({ mcpServers: STDIO_AND_HTTP_MCP_SERVERS }));
    const toml = readFileSync(join(homeDir, '.codex', 'config.toml'), 'utf8');
    expect(toml).toMatch(/\[mcp_servers\.docs\]\nurl = "https:\/\/mcp\.example\.test\/mcp"/);
    expect(toml).toMatch(/\[mcp_servers\.docs\.http_headers\]\nAuthorization = "Bearer tok-123"/);
  });
});

describe('the model catalog a Codex run reads', () => {
  /** `binary` behind a wrapper that counts `codex debug models` calls in `count`. */
  function countingCodex(count: string): string {
    const wrapper = join(root, 'codex-counting');
    writeFileSync(wrapper, `#!/bin/sh\nif [ "$1" = debug ] && [ "$2" = models ]; then echo "$*" >> ${JSON.stringify(count)}; fi\nexec ${JSON.stringify(binary)} "$@"\n`, { mode: 0o755 });
    return wrapper;
  }
  const catalogOf = (home: string): string => JSON.parse(`"${/^model_catalog_json = "((?:[^"\\]|\\.)*)"$/m.exec(readFileSync(join(home, '.codex', 'config.toml'), 'utf8'))![1]!}"`) as string;
  const calls = (count: string): number => (existsSync(count) ? readFileSync(count, 'utf8').trim().split('\n').length : 0);

  it('is asked of the CLI once per installed version and kept for the next runs, the same catalog every run reads', async () => {
    const count = join(root, 'debug-models-calls.txt');
    const wrapped = countingCodex(count);
    const cacheDir = join(root, 'tools-cache');
    const homes = ['run-1', 'run-2', 'run-3', 'run-4'].map((name) => join(root, name, 'home'));
    for (const home of homes) mkdirSync(join(home, 'tmp'), { recursive: true });
    const prepareRun = (home: string, version?: string) =>
      codexAdapter.prepare(runInput({ homeDir: home, binary: wrapped, ...(version ? { installedCli: { version, cacheDir } } : {}) }));

    await prepareRun(homes[0]!, '0.171.0');
    await prepareRun(homes[1]!, '0.171.0');
    expect(calls(count)).toBe(1);
    expect(catalogOf(homes[1]!)).toBe(catalogOf(homes[0]!));
    // Not one copy per run: the runs share the kept file.
    expect(existsSync(join(homes[1]!, '.codex', 'model-catalog.json'))).toBe(false);

    // Another version of the CLI gets its own.
    await prepareRun(homes[2]!, '0.172.0');
    expect(calls(count)).toBe(2);
    expect(catalogOf(homes[2]!)).not.toBe(catalogOf(homes[0]!));

    // The catalog kept is the one a run reads when nothing is kept: the bundled one, tool search off.
    await prepareRun(homes[3]!);
    expect(calls(count)).toBe(3);
    const kept = readFileSync(catalogOf(homes[0]!), 'utf8');
    expect(kept).toBe(readFileSync(catalogOf(homes[3]!), 'utf8'));
    const models = (JSON.parse(kept) as { models: { slug: string; supports_search_tool: boolean }[] }).models;
    expect(models.map((model) => model.slug)).toContain('gpt-5.5');
    expect(models.every((model) => model.supports_search_tool === false)).toBe(true);
  });

  it('is written into the run when the tools folder cannot keep it', async () => {
    const notAFolder = join(root, 'tools-file');
    writeFileSync(notAFolder, 'a file where the cache folder would be\n');
    await codexAdapter.prepare(runInput({ installedCli: { version: '0.171.0', cacheDir: join(notAFolder, '.cache') } }));
    expect(catalogOf(homeDir)).toBe(join(homeDir, '.codex', 'model-catalog.json'));
    expect(JSON.parse(readFileSync(catalogOf(homeDir), 'utf8'))).toHaveProperty('models');
  });
});

describe('Codex’s follow-up turn arguments, given to the real CLI', () => {
  it('are taken: it looks for the session to continue (and says it has none) rather than refusing an argument', async () => {
    // Codex: "no rollout found for thread id …".
    await expectResumeLooksForMissingSession(codexAdapter, /no rollout found/i);
  }, 240_000);
});
