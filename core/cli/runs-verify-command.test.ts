import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveChromiumPath } from '../runs/bundles/chromium-path.ts';
import { verifierFolderOfRun, writeVerifyConfig } from '../runs/verifier/verify-config.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

// `lhb runs verify` as the hook a harness calls (an installed engine's hook runs bin/lhb.mjs, the compiled CLI).
const BLANK = '<!doctype html><html><body><div id="root"></div></body></html>';
const GOOD = '<!doctype html><html><body><h1>The trend</h1></body></html>';

let runFolder: string;
let workdir: string;

beforeEach(() => {
  runFolder = mkdtempSync(join(tmpdir(), 'lhb-runs-verify-'));
  workdir = join(runFolder, 'work');
  mkdirSync(join(workdir, 'out', 'dist'), { recursive: true });
  writeVerifyConfig(verifierFolderOfRun(runFolder), { frames: [{ nodeId: 'root', targetRoute: '/' }], chromiumPath: resolveChromiumPath() });
});
afterEach(() => rmSync(runFolder, { recursive: true, force: true }));

function lhb(args: string[], input = '') {
  return spawnSync(process.execPath, [...LHB_NODE_ARGS, 'runs', 'verify', '--workdir', workdir, ...args], { encoding: 'utf8', input, cwd: workdir, timeout: 90_000 });
}

/** Claude Code 2.1's PostToolUse / PostToolUseFailure input, as the real CLI sent it to a hook. */
function claudePayload(event: 'PostToolUse' | 'PostToolUseFailure', tool: string, toolInput: Record<string, unknown>): string {
  const base = {
    session_id: 'c5102959-2383-4f5e-ae37-50a0e6c78ffb',
    transcript_path: join(runFolder, 'home', '.claude', 'projects', 'x', 'c5102959.jsonl'),
    cwd: workdir,
    prompt_id: 'ba04cef8-4308-4fa8-b79e-1107ff514aa4',
    permission_mode: 'bypassPermissions',
    hook_event_name: event,
    tool_name: tool,
    tool_input: toolInput,
    tool_use_id: 'toolu_FD9f6AqjJjtZSTGd4TXmxcM-',
    duration_ms: 7,
  };
  return JSON.stringify(
    event === 'PostToolUse'
      ? { ...base, tool_response: { type: 'create', filePath: toolInput.file_path, content: toolInput.content, structuredPatch: [], originalFile: null, userModified: false } }
      : { ...base, error: 'Exit code 2\nls: cannot access x: No such file or directory', is_interrupt: false },
  );
}

/** Gemini CLI 0.61's AfterTool input. */
function geminiPayload(tool: string, toolInput: Record<string, unknown>): string {
  return JSON.stringify({
    session_id: 'c0ffee',
    transcript_path: join(runFolder, 'home', '.gemini', 'tmp', 'chats', 'session.json'),
    cwd: workdir,
    hook_event_name: 'AfterTool',
    timestamp: new Date().toISOString(),
    tool_name: tool,
    tool_input: toolInput,
    tool_response: { llmContent: 'Successfully created and wrote to new file.', returnDisplay: 'ok', error: undefined },
  });
}

const logLines = () => (existsSync(join(verifierFolderOfRun(runFolder), 'verifier-findings.jsonl')) ? readFileSync(join(verifierFolderOfRun(runFolder), 'verifier-findings.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { seq: number; trigger: string; ok: boolean; findings: { kind: string }[] }) : []);

describe('lhb runs verify as a hook', { timeout: 120_000 }, () => {
  it("Claude Code: a blank page comes back as decision block with the next action; an unchanged app or a read says nothing; the fixed app's check is context", () => {
    writeFileSync(join(workdir, 'out', 'dist', 'index.html'), BLANK);
    const write = claudePayload('PostToolUse', 'Write', { file_path: join(workdir, 'out', 'dist', 'index.html'), content: BLANK });
    const first = lhb(['--hook', 'claude-code'], write);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const answer = JSON.parse(first.stdout) as { decision: string; reason: string };
    expect(answer.decision).toBe('block');
    expect(answer.reason).toMatch(/^LH-Bench preview check after Write: 1 problem in the app\.\nNext required action: Route \/ renders nothing visible\./);
    expect(answer.reason).toContain('1. blank-render at /: / rendered nothing visible');
    expect(logLines()).toMatchObject([{ seq: 1, trigger: 'claude-code PostToolUse Write', ok: false, findings: [{ kind: 'blank-render' }] }]);

    // Nothing changed since: the agent was told already.
    const again = lhb(['--hook', 'claude-code'], claudePayload('PostToolUse', 'Bash', { command: 'ls out/dist' }));
    expect([again.status, again.stdout]).toEqual([0, '']);
    const read = lhb(['--hook', 'claude-code'], JSON.stringify({ ...JSON.parse(write), tool_name: 'Read', tool_input: { file_path: 'TASK.md' } }));
    expect([read.status, read.stdout]).toEqual([0, '']);
    expect(logLines()).toHaveLength(1);

    writeFileSync(join(workdir, 'out', 'dist', 'index.html'), GOOD);
    const fixed = lhb(['--hook', 'claude-code'], claudePayload('PostToolUseFailure', 'Bash', { command: 'cp x out/dist && false' }));
    expect(fixed.status).toBe(0);
    expect(JSON.parse(fixed.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: 'LH-Bench preview check after Bash: OK. Nothing to fix: the build is served from out/dist/ and the route renders with no errors.' },
    });
    expect(logLines().map((entry) => [entry.seq, entry.trigger, entry.ok])).toEqual([
      [1, 'claude-code PostToolUse Write', false],
      [2, 'claude-code PostToolUseFailure Bash', true],
    ]);
  });

  it("Gemini CLI: findings go back as AfterTool additionalContext (a block would turn the tool's success into a failure)", () => {
    writeFileSync(join(workdir, 'out', 'dist', 'index.html'), '<!doctype html><body><script>throw new Error("no data")</script><h1>x</h1></body>');
    const result = lhb(['--hook', 'gemini-cli'], geminiPayload('write_file', { file_path: 'out/dist/index.html', content: '…' }));
    expect(result.status).toBe(0);
    const answer = JSON.parse(result.stdout) as { decision?: string; hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(answer.decision).toBeUndefined();
    expect(answer.hookSpecificOutput.hookEventName).toBe('AfterTool');
    expect(answer.hookSpecificOutput.additionalContext).toContain('Next required action: Route / throws when it loads (Uncaught: no data)');
    // Gemini's own read tool does not change the app.
    expect(lhb(['--hook', 'gemini-cli'], geminiPayload('read_file', { file_path: 'TASK.md' })).stdout).toBe('');
  });

  it('says nothing before the agent has built anything, and a bad payload is a non-blocking error kept in the run folder', () => {
    rmSync(join(workdir, 'out'), { recursive: true });
    const early = lhb(['--hook', 'claude-code'], claudePayload('PostToolUse', 'Write', { file_path: join(workdir, 'notes.md'), content: 'plan' }));
    expect([early.status, early.stdout, early.stderr]).toEqual([0, '', '']);
    expect(logLines()).toEqual([]);

    const bad = lhb(['--hook', 'claude-code'], 'not json');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("lhb runs verify: the check did not run: the claude-code hook's input on stdin is not JSON");
    expect(readFileSync(join(verifierFolderOfRun(runFolder), 'verifier-errors.log'), 'utf8')).toContain('is not JSON');
    const unknown = lhb(['--hook', 'cursor'], '{}');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('lhb runs verify: unknown --hook "cursor"; choose one of: claude-code, gemini-cli\n');
  });

  it('by hand it always checks, prints JSON and exits 1 on findings', () => {
    writeFileSync(join(workdir, 'out', 'dist', 'index.html'), BLANK);
    const result = lhb(['--json']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      findings: [{ kind: 'blank-render', route: '/', detail: '/ rendered nothing visible' }],
      nextAction: expect.stringMatching(/^Route \/ renders nothing visible\./) as unknown,
    });
  });
});

describe('lhb runs verify --mcp', { timeout: 120_000 }, () => {
  it('speaks MCP over stdio: initialize, tools/list offers verify_build, tools/call returns the findings; unknown methods are errors', async () => {
    writeFileSync(join(workdir, 'out', 'dist', 'index.html'), BLANK);
    const child = spawn(process.execPath, [...LHB_NODE_ARGS, 'runs', 'verify', '--workdir', workdir, '--mcp'], { cwd: workdir, stdio: ['pipe', 'pipe', 'pipe'] });
    const replies = new Map<number, (value: Record<string, unknown>) => void>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { id: number };
      replies.get(message.id)?.(message as unknown as Record<string, unknown>);
    });
    const request = (id: number, method: string, params: Record<string, unknown> = {}) =>
      new Promise<Record<string, unknown>>((resolve) => {
        replies.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    try {
      const init = await request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'codex-mcp-client', version: '0.171.0' } });
      expect(init).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'lhb-verifier' } } });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const list = (await request(2, 'tools/list')) as { result: { tools: { name: string; inputSchema: { type: string } }[] } };
      expect(list.result.tools.map((tool) => tool.name)).toEqual(['verify_build']);
      expect(list.result.tools[0]!.inputSchema.type).toBe('object');

      const call = (await request(3, 'tools/call', { name: 'verify_build', arguments: {} })) as {
        result: { isError: boolean; content: { type: string; text: string }[]; structuredContent: { ok: boolean; findings: { kind: string; route: string }[]; nextAction: string } };
      };
      expect(call.result.isError).toBe(false);
      expect(call.result.structuredContent.ok).toBe(false);
      expect(call.result.structuredContent.findings).toMatchObject([{ kind: 'blank-render', route: '/' }]);
      expect(call.result.content[0]!.text).toContain('Next required action: Route / renders nothing visible.');
      expect(logLines()).toMatchObject([{ seq: 1, trigger: 'mcp verify_build' }]);

      const unchanged = (await request(4, 'tools/call', { name: 'verify_build', arguments: {} })) as { result: { content: { text: string }[] } };
      expect(unchanged.result.content[0]!.text).toMatch(/^Nothing changed since the last check\. LH-Bench preview check: 1 problem/);
      expect(logLines()).toHaveLength(1);

      expect(await request(5, 'resources/list')).toMatchObject({ id: 5, error: { code: -32601 } });
      expect(await request(6, 'tools/call', { name: 'deploy', arguments: {} })).toMatchObject({ id: 6, error: { code: -32602 } });
    } finally {
      child.stdin.end();
    }
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
  });
});
