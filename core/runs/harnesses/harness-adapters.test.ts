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
import { STDIO_AND_HTTP_MCP_SERVERS } from './stdio-and-http-mcp-servers.fixture.ts';

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
    // How each CLI spells them is its own test's to pin (`<id>/<id>.test.ts`); these are the rules every spelling keeps.
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

  it('writes a streamable-HTTP server with its headers beside a stdio one', async () => {
    // Each CLI's own keys for an HTTP server are pinned in its own test (`<id>/<id>.test.ts`).
    for (const adapter of ADAPTERS) {
      if (!adapter.mcpServersFile) continue;
      const run = await prepared(adapter, `mcp-http-${adapter.id}`, { mcpServers: STDIO_AND_HTTP_MCP_SERVERS });
      const text = readFileSync(runMcpServersPath(adapter.mcpServersFile, run), 'utf8');
      for (const written of ['https://mcp.example.test/mcp', 'Authorization', 'Bearer tok-123', 'proof.mjs']) expect(text, adapter.id).toContain(written);
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
