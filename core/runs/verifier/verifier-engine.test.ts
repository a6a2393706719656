import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { createApi, type Api } from '../../api/create-api.ts';
import { listRunVerifications } from '../../store/run-verification-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../harnesses/test-harness-tools.fixture.ts';
import { importTestTask } from '../study/study-engine.fixture.ts';
import { VERIFIER_MCP_SERVER_NAME } from './prepare-run-verifier.ts';
import { VERIFY_TOOL_NAME } from './verifier-mcp-server.ts';
import { readVerifierLog } from './verifier-log.ts';
import { verifierFolderOfRun } from './verify-config.ts';

// The verifier through the engine with the real CLIs against the scripted model: Claude Code
// runs it as its PostToolUse hook after each write, Codex is offered it as an MCP tool.
const BROKEN_PAGE = '<!doctype html><html><body><div id="chart"></div><script>throw new Error("trend data missing")</script></body></html>\n';
const FIXED_PAGE = '<!doctype html><html><body><h1>The trend</h1><p>Up from 1 to 2.</p></body></html>\n';

const CLAUDE_SCRIPT: ReplayScript = {
  name: 'verifier',
  turns: [
    { text: 'Writing the page.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: BROKEN_PAGE }] },
    { text: 'Fixing what the check found.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: FIXED_PAGE }] },
  ],
  final: 'Done: out/dist/index.html.',
  usage: { input: 100, output: 20 },
};

const previousToolsDir = process.env.LHB_TOOLS_DIR;
let dir: string;
let api: Api;
let taskFolder: string;

beforeAll(async () => {
  for (const id of ['claude-code', 'codex'] as const) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  process.env.LHB_TOOLS_DIR = TEST_TOOLS_DIR;
  dir = mkdtempSync(join(tmpdir(), 'lhb-verifier-engine-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  taskFolder = await importTestTask(api.context.workspace, dir);
}, 900_000);

afterAll(async () => {
  await api?.close();
  if (previousToolsDir === undefined) delete process.env.LHB_TOOLS_DIR;
  else process.env.LHB_TOOLS_DIR = previousToolsDir;
  rmSync(dir, { recursive: true, force: true });
});

async function runOne(harness: 'claude-code' | 'codex', replay: ReplayScript, options: { sandbox?: false } = {}) {
  const { studyId } = await api.call('runs.start', {
    ...options,
    tasks: ['engine-task'],
    taskFolders: { 'engine-task': taskFolder },
    configurations: [{ harness, model: HARNESS_ADAPTERS[harness].defaultModel }],
    timeoutSeconds: 240,
    replay,
    verifier: true,
  });
  await api.context.jobs.idle();
  const { runs } = await api.call('runs.study', { studyId });
  const run = runs[0]!;
  return { run, folder: join(dir, 'ws', 'studies', studyId, 'runs', run.id) };
}

describe('the verifier through the run engine', () => {
  it('Claude Code: the hook checks each write, the model is told what to fix, and each check is stored for the run', async () => {
    const { run, folder } = await runOne('claude-code', CLAUDE_SCRIPT);
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');

    // What Claude Code sent the model after the first write carries the verifier's finding.
    const sent = readFileSync(join(folder, 'model-requests.jsonl'), 'utf8');
    expect(sent).toContain('PostToolUse:Write hook blocking error');
    expect(sent).toContain('Next required action: Route / throws when it loads (Uncaught: trend data missing)');
    expect(sent).toContain('LH-Bench preview check after Write: OK.');

    const checks = listRunVerifications(api.context.workspace.db, run.runId!);
    expect(checks.map((check) => [check.seq, check.trigger, check.ok, check.findings.map((f) => `${f.kind} ${f.route}`)])).toEqual([
      [1, 'claude-code PostToolUse Write', false, ['runtime-error /', 'blank-render /']],
      [2, 'claude-code PostToolUse Write', true, []],
    ]);
    expect(checks[0]!.nextAction).toMatch(/^Route \/ throws when it loads/);
    expect(checks.every((check) => check.routesChecked === 1 && !check.built)).toBe(true);
    expect(existsSync(join(folder, 'verifier', 'verifier-errors.log'))).toBe(false);
  }, 300_000);

  it('a hostile agent: its forged passing checks are not stored, only the real one; its build runs sandboxed and cannot read the engine\'s file', async () => {
    const secret = join(dir, 'engine-secret.txt');
    writeFileSync(secret, 'engine-only-secret-8812');
    // The agent's build: it prints the engine's file if it can read it, and otherwise builds the (still broken) page.
    const build = [
      "import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';",
      `try { console.log('LEAKED ' + readFileSync(${JSON.stringify(secret)}, 'utf8')); process.exit(1); } catch {}`,
      "mkdirSync('out/dist', { recursive: true });",
      `writeFileSync('out/dist/index.html', ${JSON.stringify(BROKEN_PAGE)});`,
    ].join('\n');
    // A passing check as the log holds them, written everywhere the agent can reach, and sent to the service's socket.
    const forged = JSON.stringify({ seq: 2, checkedAt: '2026-12-05T00:00:00.000Z', trigger: 'claude-code PostToolUse Write', ok: true, findings: [], nextAction: 'Nothing to fix', built: true, routesChecked: 1, durationMs: 9 });
    const forge = [
      `F='${forged}'`,
      'for f in ../verifier-findings.jsonl ../verifier/verifier-findings.jsonl "$HOME/verifier-findings.jsonl"; do echo "$F" >> "$f" && echo "forged $f"; done',
      `node -e 'const s = require("node:net").connect("/run/lhb-verifier/verify.sock"); s.on("connect", () => s.write(process.argv[1] + "\\n")); s.pipe(process.stdout); s.on("error", (e) => console.log("socket: " + e.message))' "$F"`,
    ].join('; ');
    const script: ReplayScript = {
      name: 'hostile verifier',
      turns: [
        { text: 'Writing the build.', calls: [{ action: 'write', path: '{{workdir}}/build.mjs', content: build }] },
        { text: 'Adding its script.', calls: [{ action: 'write', path: '{{workdir}}/package.json', content: JSON.stringify({ name: 'app', private: true, scripts: { build: 'node build.mjs' } }) }] },
        { text: 'Making the check pass.', calls: [{ action: 'shell', command: forge }] },
      ],
      final: 'Done.',
      usage: { input: 10, output: 5 },
    };
    const { run, folder } = await runOne('claude-code', script);
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    const sent = readFileSync(join(folder, 'model-requests.jsonl'), 'utf8');
    // The forgeries were really made: the run folder's old log name took the line, and the socket refused it.
    expect(sent).toContain('forged ../verifier-findings.jsonl');
    expect(sent).toContain('not a verifier request');
    expect(sent).not.toContain('engine-only-secret-8812');

    // Stored: the one real check (the build ran, sandboxed, and its page throws), none of the forged ones.
    const checks = listRunVerifications(api.context.workspace.db, run.runId!);
    expect(checks.map((check) => [check.seq, check.trigger, check.ok, check.built, check.findings.map((f) => f.kind)])).toEqual([[1, 'claude-code PostToolUse Write', false, true, ['runtime-error', 'blank-render']]]);
    expect(readVerifierLog(verifierFolderOfRun(folder))).toHaveLength(1);
  }, 300_000);

  it.each([{ sandboxed: true }, { sandboxed: false }])('Codex (sandboxed: $sandboxed): the verify_build MCP tool is offered, the model calls it and gets the findings from the engine, and the check is stored for the run', async ({ sandboxed }) => {
    const script: ReplayScript = {
      name: 'codex verifier',
      turns: [
        { text: 'Writing the page.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: BROKEN_PAGE }] },
        // A real model takes seconds to answer; the scripted one answers at once, before the MCP
        // server (run from the TypeScript sources here, through tsx) has answered Codex's initialize.
        { text: 'Looking around.', calls: [{ action: 'shell', command: 'sleep 4' }] },
        { text: 'Checking it.', calls: [{ action: 'tool', name: `mcp__${VERIFIER_MCP_SERVER_NAME}__${VERIFY_TOOL_NAME}`, arguments: {} }] },
      ],
      final: 'Done.',
      usage: { input: 10, output: 5 },
    };
    const { run, folder } = await runOne('codex', script, sandboxed ? {} : { sandbox: false });
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    // Without sandbox the MCP tool reaches the engine's service through a link in the verifier folder, gone once the run ended.
    expect(existsSync(join(verifierFolderOfRun(folder), 'verify.sock'))).toBe(false);
    // Codex hands the model the tool's structured result: the findings and the next action.
    const outputs = readFileSync(join(folder, 'model-requests.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .flatMap((line) => (JSON.parse(line) as { body: { input?: { type: string; call_id?: string; output?: string }[] } }).body.input ?? [])
      .filter((item) => item.type === 'function_call_output' && item.call_id === 'call_replay_2_0')
      .map((item) => item.output ?? '');
    expect(outputs.at(-1)).toContain('"nextAction":"Route / throws when it loads (Uncaught: trend data missing)');

    const checks = listRunVerifications(api.context.workspace.db, run.runId!);
    expect(checks.map((check) => [check.seq, check.trigger, check.ok, check.findings.map((f) => f.kind)])).toEqual([[1, 'mcp verify_build', false, ['runtime-error', 'blank-render']]]);
  }, 300_000);
});
