import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarnessIdSchema } from '../../../schemas/trajectory.ts';
import { runMcpServersPath, type HarnessAdapter, type HarnessInvocation } from './harness-adapter.ts';
import { canonicalHarnessId, HARNESS_ADAPTERS, harnessIdsInWords, installableHarnesses, OTHER_AGENTS_HARNESS_ID } from './harness-registry.ts';
import { toolCallAction } from '../trajectory/tool-call-action.ts';
import { declaredToolOf } from './declared-tool-of.ts';
import { ensureTestHarness } from './test-harness-tools.fixture.ts';

// The adapters are the one description of each harness; these are the rules every one of them
// keeps, so that the rest of the code can derive what it needs from them.

const ADAPTERS = Object.values(HARNESS_ADAPTERS);
const HERE = fileURLToPath(new URL('.', import.meta.url));

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-harness-adapters-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A run's HOME and working folder, as the executor lays them out. */
function runFolders(name: string): { homeDir: string; workdir: string } {
  const homeDir = join(root, name, 'home');
  const workdir = join(root, name, 'work');
  mkdirSync(join(homeDir, 'tmp'), { recursive: true });
  mkdirSync(workdir, { recursive: true });
  return { homeDir, workdir };
}

async function prepared(adapter: HarnessAdapter, name: string, extra: Partial<Parameters<HarnessAdapter['prepare']>[0]> = {}): Promise<{ invocation: HarnessInvocation; homeDir: string; workdir: string }> {
  const folders = runFolders(name);
  // The installed CLI, as a run gets it: prepare may ask it (Codex prints its model catalog).
  const binary = adapter.npm ? await ensureTestHarness(adapter) : `/opt/${adapter.id}`;
  const invocation = await adapter.prepare({ ...folders, binary, prompt: 'Build the page.', model: adapter.defaultModel, mcpServers: [], command: 'true', ...extra });
  return { invocation, ...folders };
}

describe('the harness registry', () => {
  it('holds one adapter per id of HarnessIdSchema, each under its own id', () => {
    expect(Object.keys(HARNESS_ADAPTERS)).toEqual(HarnessIdSchema.options);
    for (const [id, adapter] of Object.entries(HARNESS_ADAPTERS)) expect(adapter.id).toBe(id);
  });

  it('maps every id and alias, in any case, to one harness only', () => {
    const owners = new Map<string, string>();
    for (const adapter of ADAPTERS) {
      for (const name of [adapter.id, ...adapter.aliases]) {
        expect(name, `${adapter.id}'s names are lowercase`).toBe(name.toLowerCase());
        expect(owners.get(name), `${name} names ${owners.get(name)} and ${adapter.id}`).toBeUndefined();
        owners.set(name, adapter.id);
        expect(canonicalHarnessId(` ${name.toUpperCase()} `)).toBe(adapter.id);
      }
    }
    expect(canonicalHarnessId('openhands')).toBeUndefined();
  });

  it('reads an agent it has no adapter for as the harness that runs any command', () => {
    expect(HARNESS_ADAPTERS[OTHER_AGENTS_HARNESS_ID].takesCommand).toBe(true);
    expect(HARNESS_ADAPTERS[OTHER_AGENTS_HARNESS_ID].npm).toBeUndefined();
  });

  it('names the installable harnesses in words for messages', () => {
    expect(installableHarnesses().every((adapter) => adapter.npm !== undefined && !adapter.takesCommand)).toBe(true);
    expect(harnessIdsInWords(installableHarnesses())).toBe(
      `${installableHarnesses()
        .slice(0, -1)
        .map((adapter) => adapter.id)
        .join(', ')} or ${installableHarnesses().at(-1)!.id}`,
    );
    expect(harnessIdsInWords([HARNESS_ADAPTERS.command])).toBe('command');
  });
});

describe('every harness adapter', () => {
  it('imports no transcript parser when it loads: loadParser brings its own, a fresh parser per call', async () => {
    // The registry's files, each adapter (`<id>/<id>.ts`), and what they import at load, followed through the harnesses' files.
    const shared = readdirSync(HERE).filter((name) => name.endsWith('.ts') && !name.includes('.test.') && !name.includes('.fixture.'));
    const loaded = new Set([...shared.map((name) => join(HERE, name)), ...ADAPTERS.map((adapter) => join(HERE, adapter.id, `${adapter.id}.ts`))]);
    for (const file of loaded) {
      for (const [, path] of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*?from '(\.[^']*)'/gm)) {
        const target = join(dirname(file), path!);
        expect(target.includes('/trajectory/') || /\/parse-[^/]*$/.test(target), `${relative(HERE, file)} imports ${path} at load`).toBe(false);
        if (!relative(HERE, target).startsWith('..')) loaded.add(target);
      }
    }
    for (const adapter of ADAPTERS) {
      const create = await adapter.loadParser();
      const parser = create();
      expect(parser).not.toBe(create());
      expect(parser.finish().harness).toBe(adapter.id);
    }
  });

  it('names an MCP server’s tools as its CLI does, and reads them back, splitting by the run’s server names', () => {
    const spelled = Object.fromEntries(ADAPTERS.filter((adapter) => adapter.mcpToolName).map((adapter) => [adapter.id, adapter.mcpToolName!('design_tokens', 'get_tokens')]));
    // As the three CLIs spell them (a new adapter's spelling is its own test's to pin).
    expect(spelled).toMatchObject({ 'claude-code': 'mcp__design_tokens__get_tokens', codex: 'mcp__design_tokens__get_tokens', 'gemini-cli': 'mcp_design_tokens_get_tokens' });
    for (const adapter of ADAPTERS) {
      // Every harness that takes MCP servers says how it names their tools.
      expect(adapter.mcpToolName === undefined, adapter.id).toBe(adapter.mcpServersFile === null);
      if (!adapter.mcpToolName) continue;
      for (const [server, tool] of [['design_tokens', 'get_tokens'], ['proof', 'record_proof'], ['figma-dev', 'get_file']] as const) {
        expect(adapter.parseMcpToolName!(adapter.mcpToolName(server, tool), ['proof', 'design_tokens', 'design', 'figma-dev']), `${adapter.id} ${server}`).toEqual({ server, tool });
        // A CLI that groups a server's tools in a namespace names each after it (the scripted server routes calls by both).
        if (adapter.mcpToolNamespace) expect(adapter.mcpToolName(server, tool).startsWith(adapter.mcpToolNamespace(server)), adapter.id).toBe(true);
        if (adapter.mcpToolNamespace) expect(adapter.mcpToolNamespace(server), adapter.id).toBe(`${adapter.mcpToolNamespace('')}${server}`);
      }
      expect(adapter.parseMcpToolName!('read_file'), adapter.id).toBeNull();
    }
    // Without the run's servers, Gemini CLI's name splits at the first "_", as the CLI's own convention reads it.
    expect(HARNESS_ADAPTERS['gemini-cli'].parseMcpToolName!('mcp_design_tokens_get_tokens')).toEqual({ server: 'design', tool: 'tokens_get_tokens' });
  });

  it('declares its own tools: what the scripted model server calls and the verifier hooks are read back as what they do', () => {
    for (const adapter of ADAPTERS) {
      for (const [name, tool] of Object.entries(adapter.tools.byName)) expect(declaredToolOf(name, adapter.id), `${adapter.id} ${name}`).toBe(tool);
      const scripted = adapter.scriptedToolCall;
      if (scripted) {
        const params = () => undefined;
        expect(toolCallAction(scripted({ action: 'read', path: '/w/a.md' }, params), adapter.id), adapter.id).toMatchObject({ family: 'read', key: 'read:/w/a.md' });
        expect(toolCallAction(scripted({ action: 'write', path: '/w/b.html', content: 'x' }, params), adapter.id), adapter.id).toMatchObject({ family: 'write', key: 'write:/w/b.html' });
        expect(toolCallAction(scripted({ action: 'shell', command: 'npm run build' }, params), adapter.id), adapter.id).toMatchObject({ family: 'build', command: 'npm run build' });
      }
      if (adapter.verifierHook.kind === 'post-tool-hook') {
        for (const name of adapter.verifierHook.changingTools) expect(['write', 'edit', 'shell'], `${adapter.id} ${name}`).toContain(adapter.tools.byName[name]?.kind);
      }
    }
    // A tool no harness declares by name is read by what its name says (the command harness's tools are any agent's).
    expect(declaredToolOf('str_replace_based_edit_tool').kind).toBe('edit');
    expect(declaredToolOf('execute_bash').kind).toBe('shell');
    expect(declaredToolOf('finish').kind).toBe('other');
    expect(declaredToolOf('constructor').kind).toBe('other');
    // An agent imported as the command harness may be one of ours by another name: its calls read as that harness's.
    expect(declaredToolOf('run_shell_command', 'command').kind).toBe('shell');
  });

  it('has a default model, and a key variable unless it runs any command', () => {
    for (const adapter of ADAPTERS) {
      expect(adapter.defaultModel.length, adapter.id).toBeGreaterThan(0);
      if (adapter.takesCommand) expect(adapter.keyEnv, adapter.id).toBeNull();
      else expect(adapter.keyEnv, adapter.id).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });

  it('writes the run’s MCP servers where its mcpServersFile says, and takes them whenever the verifier is an MCP tool', async () => {
    for (const adapter of ADAPTERS) {
      if (adapter.verifierHook.kind === 'mcp-tool') expect(adapter.mcpServersFile, adapter.id).not.toBeNull();
      if (!adapter.mcpServersFile) continue;
      const run = await prepared(adapter, `mcp-${adapter.id}`, { mcpServers: [{ name: 'lhb_probe_server', command: 'node', args: ['probe.mjs'] }] });
      const file = runMcpServersPath(adapter.mcpServersFile, run);
      expect(readFileSync(file, 'utf8'), `${adapter.id}: ${file}`).toContain('lhb_probe_server');
    }
  });

  it('writes a streamable-HTTP server with its headers beside a stdio one, in its own keys', async () => {
    // Each CLI's own spelling of an HTTP server: Claude Code `type: http`, Codex `url` + `http_headers`, Gemini CLI `httpUrl`.
    const expected: Partial<Record<string, RegExp[]>> = {
      'claude-code': [/"type": "http"/, /"url": "https:\/\/mcp\.example\.test\/mcp"/, /"Authorization": "Bearer tok-123"/],
      codex: [/\[mcp_servers\.docs\]\nurl = "https:\/\/mcp\.example\.test\/mcp"/, /\[mcp_servers\.docs\.http_headers\]\nAuthorization = "Bearer tok-123"/],
      'gemini-cli': [/"httpUrl": "https:\/\/mcp\.example\.test\/mcp"/, /"Authorization": "Bearer tok-123"/],
    };
    for (const adapter of ADAPTERS) {
      if (!adapter.mcpServersFile) continue;
      const run = await prepared(adapter, `mcp-http-${adapter.id}`, {
        mcpServers: [
          { name: 'proof', command: 'node', args: ['proof.mjs'], env: { PROOF_SECRET: 'x' } },
          { name: 'docs', url: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer tok-123' } },
        ],
      });
      const text = readFileSync(runMcpServersPath(adapter.mcpServersFile, run), 'utf8');
      expect(expected[adapter.id], `${adapter.id} needs an expectation here`).toBeDefined();
      for (const pattern of expected[adapter.id]!) expect(text, adapter.id).toMatch(pattern);
      expect(text, adapter.id).toContain('proof.mjs');
    }
  });

  it('keeps its skills and settings in folders it declares, which the verifier leaves out of the app', () => {
    for (const adapter of ADAPTERS) {
      const skillRoot = adapter.skillDir('x').split(/[\\/]/)[0]!;
      expect(adapter.configFolders, adapter.id).toContain(skillRoot);
      if (adapter.mcpServersFile?.in === 'workdir') expect(adapter.configFolders, adapter.id).toContain(adapter.mcpServersFile.path.split(/[\\/]/)[0]);
    }
  });

  it('writes its config again for a later turn without following a link the agent planted in the turn before', async () => {
    const files = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    for (const adapter of ADAPTERS) {
      const mcpServers = [{ name: 'lhb_probe_server', command: 'node', args: ['probe.mjs'] }];
      const run = await prepared(adapter, `relinked-${adapter.id}`, { mcpServers });
      const written = [...files(run.homeDir), ...files(run.workdir)];
      // Turn 1's agent: every file the engine wrote becomes a link to a file of the user's, and each folder above one a link to a folder of the user's.
      const victim = join(root, `victim-${adapter.id}.txt`);
      const outside = join(root, `outside-${adapter.id}`);
      writeFileSync(victim, 'the user’s own file\n');
      mkdirSync(outside);
      for (const file of written) {
        rmSync(file);
        symlinkSync(victim, file);
      }
      const binary = adapter.npm ? await ensureTestHarness(adapter) : `/opt/${adapter.id}`;
      const again = { homeDir: run.homeDir, workdir: run.workdir, binary, prompt: 'Now once more.', model: adapter.defaultModel, mcpServers, command: 'true' };
      await adapter.prepare(again);
      expect(readFileSync(victim, 'utf8'), adapter.id).toBe('the user’s own file\n');
      for (const file of written) expect(lstatSync(file).isFile(), `${adapter.id}: ${file}`).toBe(true);
      const folders = [...new Set(written.map((file) => dirname(file)).filter((folder) => folder !== run.homeDir && folder !== run.workdir && !relative(run.homeDir, folder).startsWith('tmp')))];
      for (const folder of folders) {
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(dirname(folder), { recursive: true });
        if (lstatSync(dirname(folder), { throwIfNoEntry: false })?.isSymbolicLink()) continue;
        symlinkSync(outside, folder);
      }
      await adapter.prepare(again);
      expect(readdirSync(outside), adapter.id).toEqual([]);
    }
  }, 240_000);

  it('continues a session by the id its transcript names, after the first turn’s own arguments', async () => {
    for (const adapter of ADAPTERS) {
      if (!adapter.resumeArgs) continue;
      const { invocation } = await prepared(adapter, `resume-${adapter.id}`);
      const args = adapter.resumeArgs(invocation.args, 'session-1');
      expect(args, adapter.id).toContain('session-1');
      // Nothing of the first turn is lost: the same model, output format and permissions.
      for (const arg of invocation.args) expect(args, `${adapter.id} keeps ${arg}`).toContain(arg);
    }
  });
});

describe('a follow-up turn’s arguments, given to the real CLIs', () => {
  const MISSING_SESSION = '0199aaaa-0000-4000-8000-000000000000';

  /** Runs the CLI (in its own process group, killed on the hard timeout) and returns what it printed. */
  async function run(invocation: HarnessInvocation): Promise<{ code: number | null; output: string }> {
    const child = spawn(invocation.command, invocation.args, { cwd: invocation.cwd, env: invocation.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdin.end(invocation.stdin ?? '');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    }).finally(() => clearTimeout(timer));
    return { code, output };
  }

  it('are taken: each CLI looks for the session to continue (and says it has none) rather than refusing an argument', async () => {
    for (const adapter of ADAPTERS) {
      if (!adapter.resumeArgs) continue;
      const binary = await ensureTestHarness(adapter);
      // A closed port: nothing here may reach a model.
      const { invocation } = await prepared(adapter, `real-resume-${adapter.id}`, { binary, endpoint: 'http://127.0.0.1:9', apiKeyEnv: 'LHB_TEST_KEY', apiKey: 'test-key' });
      const { code, output } = await run({ ...invocation, args: adapter.resumeArgs(invocation.args, MISSING_SESSION) });
      expect(output, adapter.id).toMatch(/no (conversation|rollout|previous sessions?) found/i);
      expect(output, adapter.id).not.toMatch(/unknown (option|argument)|unexpected argument|unrecognized/i);
      expect(code, adapter.id).not.toBe(0);
    }
  }, 240_000);
});
