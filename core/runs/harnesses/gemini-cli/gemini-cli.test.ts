import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../../schemas/replay-script.ts';
import { geminiGenerateFormat } from '../../replay/gemini-generate.ts';
import { startReplayServer, type ReplayServer } from '../../replay/replay-server.ts';
import { createGeminiCliParser } from './parse-gemini-cli.ts';
import { geminiCliAdapter } from './gemini-cli.ts';
import type { HarnessInvocation, PrepareRunInput } from '../harness-adapter.ts';
import { waitForHarnessVersion } from '../harness-version-detector.ts';
import { ensureTestHarness } from '../test-harness-tools.fixture.ts';
import { expectResumeLooksForMissingSession } from '../missing-session-resume.fixture.ts';
import { STDIO_AND_HTTP_MCP_SERVERS } from '../stdio-and-http-mcp-servers.fixture.ts';

const SKILL_BODY = 'Pages built with this skill carry GEMINI-SKILL-MARKER-3 in their heading.';
const PAGE = '<!doctype html>\n<h1>GEMINI-SKILL-MARKER-3</h1>\n';
const RUN_TIMEOUT_MS = 90_000;

const script: ReplayScript = {
  name: 'gemini-cli-four-tools',
  turns: [
    { text: 'Reading the skill first.', calls: [{ action: 'read', path: '{{skill_file}}' }] },
    { text: '', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: PAGE }] },
    { text: 'Checking a folder that is not there.', calls: [{ action: 'shell', command: 'ls /definitely-missing-dir' }] },
    { text: '', calls: [{ action: 'shell', command: 'ls out/dist' }] },
  ],
  final: 'The page is built.',
  usage: { input: 100, output: 20 },
};

/** A stdio MCP server in a few lines: answers initialize and tools/list with one tool, so the CLI offers it to the model. */
const MCP_SERVER = `
import { createInterface } from 'node:readline';
const reply = (id, result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  if (message.method === 'initialize') reply(message.id, { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'lhb-probe', version: '1.0.0' } });
  else if (message.method === 'tools/list') reply(message.id, { tools: [{ name: 'lhb_probe_tool', description: 'Says hello.', inputSchema: { type: 'object', properties: {} } }] });
  else reply(message.id, {});
});
`;

/** A stand-in verifier: records which tool it ran after (the hook's stdin names it). */
const VERIFIER = `
import { appendFileSync, readFileSync } from 'node:fs';
const input = JSON.parse(readFileSync(0, 'utf8'));
appendFileSync(process.argv[2], input.hook_event_name + ' ' + input.tool_name + '\\n');
`;

/** One run folder as the executor lays it out: HOME (with tmp/) and a workdir holding the demo skill. */
function layOutRun(root: string): { homeDir: string; workdir: string; skillFile: string } {
  const homeDir = join(root, 'home');
  const workdir = join(root, 'work');
  mkdirSync(join(homeDir, 'tmp'), { recursive: true });
  const skillFile = join(workdir, geminiCliAdapter.skillDir('demo-skill'), 'SKILL.md');
  mkdirSync(dirname(skillFile), { recursive: true });
  writeFileSync(skillFile, `---\nname: demo-skill\ndescription: Builds the demo page. Use it for any page in this task.\n---\n\n${SKILL_BODY}\n`);
  return { homeDir, workdir, skillFile };
}

/** Runs the real CLI in its own process group; on the hard timeout the whole group is killed. */
async function runGemini(invocation: HarnessInvocation): Promise<{ exitCode: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(invocation.command, invocation.args, { cwd: invocation.cwd, env: invocation.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(invocation.stdin ?? '');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), RUN_TIMEOUT_MS);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  }).finally(() => clearTimeout(timer));
  return { exitCode, stdout, stderr, ms: Date.now() - started };
}

function parseStdout(stdout: string) {
  const parser = createGeminiCliParser(geminiCliAdapter);
  for (const line of stdout.split('\n')) parser.push(line);
  return parser.finish({ partialLastLine: !stdout.endsWith('\n') });
}

interface SentContent {
  role?: string;
  parts?: { functionResponse?: { name: string; response?: unknown } }[];
}

/** Every function response Gemini CLI sent back to the model, over the session's recorded requests. */
function functionResponsesSent(server: ReplayServer, sessionId: string): string[] {
  const sent: string[] = [];
  for (const request of server.session(sessionId)!.requests) {
    for (const content of (request.body as { contents?: SentContent[] } | undefined)?.contents ?? []) {
      for (const part of content.parts ?? []) if (part.functionResponse) sent.push(JSON.stringify(part.functionResponse.response));
    }
  }
  return sent;
}

/** The skill names the CLI offered through its activate_skill tool in the session's first request. */
function skillsOffered(server: ReplayServer, sessionId: string): unknown {
  const body = server.session(sessionId)!.requests[0]!.body as { tools?: { functionDeclarations?: { name: string; parametersJsonSchema?: { properties?: { name?: { enum?: unknown } } } }[] }[] };
  const activate = body.tools?.flatMap((tool) => tool.functionDeclarations ?? []).find((declaration) => declaration.name === 'activate_skill');
  return activate?.parametersJsonSchema?.properties?.name?.enum;
}

function functionsOffered(server: ReplayServer, sessionId: string): Set<string> {
  const names = new Set<string>();
  for (const request of server.session(sessionId)!.requests) {
    for (const tool of (request.body as { tools?: { functionDeclarations?: { name: string }[] }[] } | undefined)?.tools ?? []) {
      for (const declaration of tool.functionDeclarations ?? []) names.add(declaration.name);
    }
  }
  return names;
}

describe('Gemini CLI harness, the real CLI against the scripted server', () => {
  let binary: string;
  let server: ReplayServer;
  let root: string;

  beforeAll(async () => {
    binary = await ensureTestHarness(geminiCliAdapter);
    server = await startReplayServer([geminiGenerateFormat]);
    root = mkdtempSync(join(tmpdir(), 'lhb-gemini-cli-'));
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('reads the skill, writes the page, fails one command and passes the next, with the verifier hook and an MCP server', async () => {
    const runRoot = join(root, 'four-tools');
    const paths = layOutRun(runRoot);
    const session = server.openSession(script, { workdir: paths.workdir, skill_file: paths.skillFile });
    const hookLog = join(runRoot, 'hook.log');
    writeFileSync(join(runRoot, 'verifier.mjs'), VERIFIER);
    writeFileSync(join(runRoot, 'mcp-server.mjs'), MCP_SERVER);
    const input: PrepareRunInput = {
      workdir: paths.workdir,
      homeDir: paths.homeDir,
      binary,
      prompt: 'Build the demo page as the skill says.',
      model: 'gemini-2.5-pro',
      endpoint: server.endpointFor(session.id),
      apiKeyEnv: 'GEMINI_API_KEY',
      apiKey: 'replay-test-key',
      mcpServers: [{ name: 'lhb', command: process.execPath, args: [join(runRoot, 'mcp-server.mjs')] }],
      verifierCommand: [process.execPath, join(runRoot, 'verifier.mjs'), hookLog],
    };
    const invocation = await geminiCliAdapter.prepare(input);

    const outcome = await runGemini(invocation);

    expect(outcome.exitCode, outcome.stderr).toBe(0);
    expect(readFileSync(join(paths.workdir, 'out', 'dist', 'index.html'), 'utf8')).toBe(PAGE);
    // The skill's text went back to the model in a function response.
    expect(functionResponsesSent(server, session.id).some((text) => text.includes(SKILL_BODY))).toBe(true);

    const trajectory = parseStdout(outcome.stdout);
    const calls = trajectory.steps.flatMap((step) => step.toolCalls);
    expect(calls.map((call) => call.name)).toEqual(['read_file', 'write_file', 'run_shell_command', 'run_shell_command']);
    // Gemini CLI says "success" for the failing ls; its output shows the failure.
    expect(calls.filter((call) => !call.ok).map((call) => (call.arguments as { command?: string }).command)).toEqual(['ls /definitely-missing-dir']);
    expect(trajectory.steps.length).toBeGreaterThan(4);
    expect(trajectory.tokens.input).toBe(5 * 100);
    expect(trajectory.tokens.output).toBe(5 * 20);
    expect(trajectory.outcome).toBe('completed');
    expect(trajectory.model).toBe('gemini-2.5-pro');
    expect(trajectory.warnings).toEqual([]);

    const version = (await waitForHarnessVersion(geminiCliAdapter, binary, { toolsDir: join(root, 'version-cache') })).version;
    expect(version).toBe(geminiCliAdapter.npm!.pinnedVersion);

    // The verifier ran after each tool that can change files, not after the read.
    expect(existsSync(hookLog) ? readFileSync(hookLog, 'utf8').trim().split('\n') : []).toEqual([
      'AfterTool write_file',
      'AfterTool run_shell_command',
      'AfterTool run_shell_command',
    ]);
    // The run's skill is the only one offered: the CLI's built-in skills are turned off.
    expect(skillsOffered(server, session.id)).toEqual(['demo-skill']);
    // The MCP server's tool was offered to the model next to the CLI's own.
    expect([...functionsOffered(server, session.id)].filter((name) => name.includes('lhb_probe_tool'))).toHaveLength(1);
    // Nothing of ours leaked into the harness's environment.
    expect(Object.keys(invocation.env).filter((name) => name.startsWith('VITEST') || name.startsWith('LHB_'))).toEqual([]);
    expect(invocation.env.GEMINI_API_KEY).toBe('replay-test-key');
  }, 120_000);

  it('names an MCP server’s tools mcp_<server>_<tool>, and writes a streamable-HTTP server as `httpUrl` with its headers', async () => {
    expect(geminiCliAdapter.mcpToolName!('design_tokens', 'get_tokens')).toBe('mcp_design_tokens_get_tokens');
    // Without the run's servers, the name splits at the first "_", as the CLI's own convention reads it.
    expect(geminiCliAdapter.parseMcpToolName!('mcp_design_tokens_get_tokens')).toEqual({ server: 'design', tool: 'tokens_get_tokens' });
    const paths = layOutRun(join(root, 'http-mcp'));
    await geminiCliAdapter.prepare({ workdir: paths.workdir, homeDir: paths.homeDir, binary, prompt: 'Build the page.', model: 'gemini-2.5-flash', mcpServers: STDIO_AND_HTTP_MCP_SERVERS });
    const text = readFileSync(join(paths.workdir, '.gemini', 'settings.json'), 'utf8');
    for (const pattern of [/"httpUrl": "https:\/\/mcp\.example\.test\/mcp"/, /"Authorization": "Bearer tok-123"/]) expect(text).toMatch(pattern);
  });

  it('passes a key named otherwise to the CLI as GEMINI_API_KEY and writes no workspace settings when there is nothing to add', async () => {
    const paths = layOutRun(join(root, 'plain'));
    const invocation = await geminiCliAdapter.prepare({
      workdir: paths.workdir,
      homeDir: paths.homeDir,
      binary,
      prompt: '-starts with a dash',
      model: 'gemini-2.5-flash',
      endpoint: 'http://127.0.0.1:9/s/x',
      apiKeyEnv: 'MY_GEMINI_KEY',
      apiKey: 'k-1',
      mcpServers: [],
    });
    expect(invocation.env.MY_GEMINI_KEY).toBe('k-1');
    expect(invocation.env.GEMINI_API_KEY).toBe('k-1');
    expect(invocation.env.GOOGLE_GEMINI_BASE_URL).toBe('http://127.0.0.1:9/s/x');
    expect(invocation.stdin).toBe('-starts with a dash');
    expect(invocation.args).not.toContain('-starts with a dash');
    expect(existsSync(join(paths.workdir, '.gemini', 'settings.json'))).toBe(false);
    const user = JSON.parse(readFileSync(join(paths.homeDir, '.gemini', 'settings.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(user.security).toEqual({ auth: { selectedType: 'gemini-api-key' } });
    expect(user.privacy).toEqual({ usageStatisticsEnabled: false });
    expect(user.telemetry).toEqual({ enabled: false });
    // Read from the installed CLI's bundle/builtin folder.
    expect(user.skills).toEqual({ disabled: ['antigravity-support', 'skill-creator'] });
  });
});

describe('Gemini CLI’s follow-up turn arguments, given to the real CLI', () => {
  it('are taken: it looks for the session to continue (and says it has none) rather than refusing an argument', async () => {
    // Gemini CLI: no previous session found in the run’s HOME.
    await expectResumeLooksForMissingSession(geminiCliAdapter, /no previous sessions? found/i);
  }, 240_000);
});
