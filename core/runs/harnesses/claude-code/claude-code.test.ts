import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../../schemas/replay-script.ts';
import { anthropicMessagesFormat } from '../../replay/anthropic-messages.ts';
import { startReplayServer, type ReplayServer } from '../../replay/replay-server.ts';
import { createClaudeCodeParser } from './parse-claude-code.ts';
import { claudeCodeAdapter } from './claude-code.ts';
import type { McpServerSpec } from '../harness-adapter.ts';
import { waitForHarnessVersion } from '../harness-version-detector.ts';
import { ensureTestHarness } from '../test-harness-tools.fixture.ts';
import { expectResumeLooksForMissingSession } from '../missing-session-resume.fixture.ts';
import { STDIO_AND_HTTP_MCP_SERVERS } from '../stdio-and-http-mcp-servers.fixture.ts';

const SKILL_BODY = 'Every page this skill builds says SKILL-MARKER-7 in its heading.';
const PAGE = '<!doctype html>\n<h1>SKILL-MARKER-7</h1>\n';
const RUN_TIMEOUT_MS = 90_000;

const script: ReplayScript = {
  name: 'claude-code-four-tools',
  turns: [
    { text: 'Reading the skill first.', calls: [{ action: 'read', path: '{{skill_file}}' }] },
    { text: '', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: PAGE }] },
    { text: 'Checking a folder.', calls: [{ action: 'shell', command: 'ls /definitely-missing-dir' }] },
    { text: '', calls: [{ action: 'shell', command: 'ls out/dist' }] },
  ],
  final: 'The page is built.',
  usage: { input: 100, output: 20 },
};

interface RunOutcome {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** One run folder: HOME (with tmp/) and a workdir holding the demo skill, as the executor lays it out. */
function layOutRun(root: string): { homeDir: string; workdir: string; skillFile: string } {
  const homeDir = join(root, 'home');
  const workdir = join(root, 'work');
  mkdirSync(join(homeDir, 'tmp'), { recursive: true });
  const skillFile = join(workdir, claudeCodeAdapter.skillDir('demo-skill'), 'SKILL.md');
  mkdirSync(dirname(skillFile), { recursive: true });
  writeFileSync(skillFile, `---\nname: demo-skill\ndescription: Builds the demo page. Use it for any page in this task.\n---\n\n${SKILL_BODY}\n`);
  return { homeDir, workdir, skillFile };
}

/** Starts the real CLI in its own process group; on the hard timeout the whole group is killed. */
async function runClaude(binary: string, server: ReplayServer, sessionId: string, paths: ReturnType<typeof layOutRun>, extra: { mcpServers?: McpServerSpec[]; verifierCommand?: string[] } = {}) {
  const invocation = await claudeCodeAdapter.prepare({
    workdir: paths.workdir,
    homeDir: paths.homeDir,
    binary,
    prompt: 'Build the demo page as the skill says.',
    model: 'claude-sonnet-4-5',
    endpoint: server.endpointFor(sessionId),
    apiKeyEnv: 'LHB_TEST_ANTHROPIC_KEY',
    apiKey: 'sk-replay-test',
    mcpServers: extra.mcpServers ?? [],
    verifierCommand: extra.verifierCommand,
  });
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
  const outcome: RunOutcome = { exitCode, stdout, stderr, ms: Date.now() - started };
  return { invocation, outcome };
}

function parseStdout(stdout: string) {
  const parser = createClaudeCodeParser(claudeCodeAdapter);
  for (const line of stdout.split('\n')) parser.push(line);
  return parser.finish({ partialLastLine: !stdout.endsWith('\n') });
}

/** The text of every tool_result block Claude Code sent back to the model, over all recorded requests. */
function toolResultsSent(server: ReplayServer, sessionId: string): string[] {
  const texts: string[] = [];
  for (const request of server.session(sessionId)!.requests) {
    const messages = (request.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
    for (const message of messages) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as { type: string; content?: unknown }[]) {
        if (block.type === 'tool_result') texts.push(typeof block.content === 'string' ? block.content : JSON.stringify(block.content));
      }
    }
  }
  return texts;
}

describe('Claude Code harness, the real CLI against the scripted server', () => {
  let binary: string;
  let server: ReplayServer;
  let root: string;

  beforeAll(async () => {
    binary = await ensureTestHarness(claudeCodeAdapter);
    server = await startReplayServer([anthropicMessagesFormat]);
    root = mkdtempSync(join(tmpdir(), 'lhb-claude-code-'));
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('reads the skill, writes the page, fails one command and passes the next; the hook sees each change', async () => {
    const paths = layOutRun(join(root, 'four-tools'));
    const session = server.openSession(script, { workdir: paths.workdir, skill_file: paths.skillFile });
    const hookLog = join(root, 'four-tools', 'hook.log');
    const hook = join(root, 'four-tools', 'verifier.mjs');
    // A stand-in verifier: records which tool it ran after (the hook's stdin names it).
    writeFileSync(hook, `import { appendFileSync, readFileSync } from 'node:fs';\nconst input = JSON.parse(readFileSync(0, 'utf8'));\nappendFileSync(process.argv[2], input.hook_event_name + ' ' + input.tool_name + '\\n');\n`);

    const { invocation, outcome } = await runClaude(binary, server, session.id, paths, { verifierCommand: [process.execPath, hook, hookLog] });

    expect(outcome.exitCode, outcome.stderr).toBe(0);
    expect(readFileSync(join(paths.workdir, 'out', 'dist', 'index.html'), 'utf8')).toBe(PAGE);
    // The skill's text went back to the model in a tool result.
    expect(toolResultsSent(server, session.id).some((text) => text.includes(SKILL_BODY))).toBe(true);

    const trajectory = parseStdout(outcome.stdout);
    const calls = trajectory.steps.flatMap((step) => step.toolCalls);
    expect(calls.map((call) => call.name)).toEqual(['Read', 'Write', 'Bash', 'Bash']);
    expect(calls.filter((call) => !call.ok).map((call) => (call.arguments as { command?: string }).command)).toEqual(['ls /definitely-missing-dir']);
    expect(trajectory.steps.length).toBeGreaterThan(0);
    expect(trajectory.tokens.input).toBeGreaterThan(0);
    expect(trajectory.tokens.output).toBeGreaterThan(0);
    expect(trajectory.outcome).toBe('completed');
    expect(trajectory.warnings).toEqual([]);

    const version = (await waitForHarnessVersion(claudeCodeAdapter, binary, { toolsDir: join(root, 'version-cache') })).version;
    expect(version).toBe(claudeCodeAdapter.npm!.pinnedVersion);
    expect(trajectory.harnessVersion).toBe(version);

    // The verifier ran after each tool that can change files, the failed command included, not after the Read.
    expect(existsSync(hookLog) ? readFileSync(hookLog, 'utf8').trim().split('\n') : []).toEqual(['PostToolUse Write', 'PostToolUseFailure Bash', 'PostToolUse Bash']);
    // Nothing of ours leaked into the harness's environment; the key reached it under Claude Code's name.
    expect(Object.keys(invocation.env).filter((name) => name.startsWith('VITEST'))).toEqual([]);
    expect(invocation.env.ANTHROPIC_API_KEY).toBe('sk-replay-test');
  }, 120_000);

  it("offers the run's MCP server's tools to the model and calls them", async () => {
    const paths = layOutRun(join(root, 'mcp'));
    const mcpScript = join(root, 'mcp', 'demo-mcp.mjs');
    writeFileSync(
      mcpScript,
      [
        "import { createInterface } from 'node:readline';",
        "const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');",
        "createInterface({ input: process.stdin }).on('line', (line) => {",
        '  const msg = JSON.parse(line);',
        '  if (msg.id === undefined) return;',
        "  if (msg.method === 'initialize') send({ id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'demo', version: '1.0.0' } } });",
        "  else if (msg.method === 'tools/list') send({ id: msg.id, result: { tools: [{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object', properties: {} } }] } });",
        "  else if (msg.method === 'tools/call') send({ id: msg.id, result: { content: [{ type: 'text', text: 'pong from the demo server' }] } });",
        "  else send({ id: msg.id, error: { code: -32601, message: 'no such method' } });",
        '});',
      ].join('\n'),
    );
    const session = server.openSession(
      { name: 'mcp', turns: [{ text: '', calls: [{ action: 'tool', name: 'mcp__demo__ping', arguments: {} }] }], final: 'Pinged.', usage: { input: 10, output: 5 } },
      { workdir: paths.workdir, skill_file: paths.skillFile },
    );

    const { outcome } = await runClaude(binary, server, session.id, paths, { mcpServers: [{ name: 'demo', command: process.execPath, args: [mcpScript] }] });

    expect(outcome.exitCode, outcome.stderr).toBe(0);
    const calls = parseStdout(outcome.stdout).steps.flatMap((step) => step.toolCalls);
    expect(calls).toMatchObject([{ name: 'mcp:demo.ping', ok: true, result: 'pong from the demo server' }]);
  }, 120_000);
});

describe('Claude Code adapter, the run it prepares', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'lhb-claude-code-prepare-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const base = (dir: string) => {
    const paths = layOutRun(join(root, dir));
    return { workdir: paths.workdir, homeDir: paths.homeDir, binary: '/opt/claude', prompt: '-p is not a flag here', model: 'claude-opus-x', mcpServers: [] as McpServerSpec[] };
  };

  it('passes the prompt on stdin, offline switches on, and only the environment it needs', async () => {
    const inv = await claudeCodeAdapter.prepare({ ...base('plain'), endpoint: 'http://127.0.0.1:9/s/x', apiKeyEnv: 'ANTHROPIC_AUTH_TOKEN', apiKey: 'tok' });
    expect(inv.command).toBe('/opt/claude');
    expect(inv.args).toEqual(['-p', '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions', '--model', 'claude-opus-x']);
    expect(inv.stdin).toBe('-p is not a flag here');
    expect(inv.env).toMatchObject({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/s/x', ANTHROPIC_AUTH_TOKEN: 'tok', IS_SANDBOX: '1', DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' });
    // A credential Claude Code reads under its own name is not also sent as an API key.
    expect(inv.env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(inv.env.HOME).toBe(join(root, 'plain', 'home'));
    // No verifier: the settings file holds no hooks.
    expect(JSON.parse(readFileSync(join(root, 'plain', 'home', '.claude', 'settings.json'), 'utf8'))).toEqual({});
  });

  it('writes the MCP servers and a verifier with spaces in its path so the hook shell keeps it whole', async () => {
    const inv = await claudeCodeAdapter.prepare({
      ...base('tools'),
      mcpServers: [{ name: 'preview', command: 'node', args: ['server.mjs', '--port', '0'], env: { MODE: 'x' } }],
      verifierCommand: ['/opt/my tools/verify', "it's", '--json'],
    });
    const mcpFile = join(root, 'tools', 'home', '.claude', 'lhb-mcp.json');
    expect(inv.args.slice(-3)).toEqual(['--mcp-config', mcpFile, '--strict-mcp-config']);
    expect(JSON.parse(readFileSync(mcpFile, 'utf8'))).toEqual({ mcpServers: { preview: { type: 'stdio', command: 'node', args: ['server.mjs', '--port', '0'], env: { MODE: 'x' } } } });
    const settings = JSON.parse(readFileSync(join(root, 'tools', 'home', '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { matcher: string; hooks: { command: string; timeout: number }[] }[]> };
    expect(Object.keys(settings.hooks)).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(settings.hooks.PostToolUse![0]!.hooks[0]).toMatchObject({ type: 'command', command: `'/opt/my tools/verify' 'it'\\''s' --json`, timeout: 600 });
  });

  it('names an MCP server’s tools mcp__<server>__<tool>, and writes a streamable-HTTP server as `type: http` with its headers', async () => {
    expect(claudeCodeAdapter.mcpToolName!('design_tokens', 'get_tokens')).toBe('mcp__design_tokens__get_tokens');
    await claudeCodeAdapter.prepare({ ...base('http'), mcpServers: STDIO_AND_HTTP_MCP_SERVERS });
    const text = readFileSync(join(root, 'http', 'home', '.claude', 'lhb-mcp.json'), 'utf8');
    for (const pattern of [/"type": "http"/, /"url": "https:\/\/mcp\.example\.test\/mcp"/, /"Authorization": "Bearer tok-123"/]) expect(text).toMatch(pattern);
  });

  it('reads the version the CLI prints', () => {
    expect(claudeCodeAdapter.parseVersion('2.1.332 (Claude Code)\n')).toBe('2.1.332');
    expect(claudeCodeAdapter.parseVersion('command not found')).toBeNull();
  });
});

describe('Claude Code’s follow-up turn arguments, given to the real CLI', () => {
  it('are taken: it looks for the session to continue (and says it has none) rather than refusing an argument', async () => {
    // Claude Code: "No conversation found with session ID: …".
    await expectResumeLooksForMissingSession(claudeCodeAdapter, /no conversation found/i);
  }, 240_000);
});
