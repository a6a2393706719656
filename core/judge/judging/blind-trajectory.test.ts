import { describe, expect, it } from 'vitest';
import type { HarnessId, Trajectory } from '../../../schemas/trajectory.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { extractErrors } from '../../runs/trajectory/extract-errors.ts';
import { parseTranscriptFile } from '../../runs/trajectory/parse-harness-transcript.ts';
import { blindfoldFor } from './blind-text.ts';
import { condenseTrajectory } from './condense-trajectory.ts';
import { neutralToolCall } from './neutral-tool-call.ts';
import { harnessFolderNames, harnessNames, type RunIdentity } from './run-identity.ts';
import { transcriptFixturePath } from '../../runs/harnesses/transcript-fixture-path.fixture.ts';


/** Real transcripts of each harness (see the fixtures' READMEs), with the work folder each ran in. */
const TRANSCRIPTS: { harness: HarnessId; file: string; workdir: string }[] = [
  { harness: 'claude-code', file: 'claude-code/four-tools.jsonl', workdir: '/tmp/lhb-cc/four-tools/work' },
  { harness: 'claude-code', file: 'claude-code/parallel-errors.jsonl', workdir: '/tmp/lhb-cc/parallel-errors/work' },
  { harness: 'codex', file: 'codex/four-calls-gpt-5.5.jsonl', workdir: '/tmp/lhb-codex-run/work' },
  { harness: 'codex', file: 'codex/four-calls-unknown-model.jsonl', workdir: '/tmp/lhb-codex-run/work' },
  { harness: 'codex', file: 'codex/mcp-verifier.jsonl', workdir: '/tmp/lhb-codex-run/work' },
  { harness: 'gemini-cli', file: 'gemini-cli/four-tools.jsonl', workdir: '/tmp/gcap/four/work' },
  { harness: 'gemini-cli', file: 'gemini-cli/tool-errors.jsonl', workdir: '/tmp/gcap/errors/work' },
];

const NEUTRAL = /^(shell|read|write|edit|search|web-fetch|web-search|plan|subagent|skill|memory|ask|tool|mcp:[\w.-]+)$/;

function identityOf(workdir: string, model: string | null): RunIdentity {
  return {
    ids: [],
    names: [...(model ? [{ value: model, shownAs: '[model]' }] : []), ...harnessNames().map((value) => ({ value, shownAs: '[harness]' }))],
    folders: [{ value: workdir, shownAs: '' }],
    harnessFolders: harnessFolderNames(),
  };
}

describe('a condensed trajectory as a judge reads it', () => {
  it.each(TRANSCRIPTS)('$file: tools named by what they do, paths relative to the work folder, no harness or model named', async ({ harness, file, workdir }) => {
    const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(file));
    const text = condenseTrajectory(trajectory, extractErrors(trajectory), { blind: blindfoldFor(identityOf(workdir, trajectory.model)) });
    const toolNames = [...text.matchAll(/^ {2}\[step \d+\] ([^\s(]+)\(/gm)].map((match) => match[1]!);
    expect(toolNames.length).toBe(trajectory.steps.flatMap((step) => step.toolCalls).length);
    for (const name of toolNames) expect(name).toMatch(NEUTRAL);
    expect(text).not.toContain(workdir);
    expect(text).not.toMatch(/\.(claude|agents|gemini|codex)\b/i);
    expect(text).not.toMatch(/claude|codex|gemini/i);
    if (trajectory.model) expect(text).not.toContain(trajectory.model);
    expect(text).not.toMatch(/\[step 0\]/);
  });

  it('reads each harness\'s own calls as the same neutral actions', async () => {
    const lines = async (harness: HarnessId, file: string, workdir: string) => {
      const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(file));
      return condenseTrajectory(trajectory, extractErrors(trajectory), { blind: blindfoldFor(identityOf(workdir, trajectory.model)) });
    };
    const claude = await lines('claude-code', 'claude-code/four-tools.jsonl', '/tmp/lhb-cc/four-tools/work');
    expect(claude).toContain('read({"path":"skills/demo-skill/SKILL.md"})');
    expect(claude).toContain('write({"path":"out/dist/index.html","content":"<h1>Demo</h1>\\n"}) → ok: created out/dist/index.html');
    expect(claude).toContain('shell(ls /definitely-missing-dir) → FAILED');
    const codex = await lines('codex', 'codex/four-calls-gpt-5.5.jsonl', '/tmp/lhb-codex-run/work');
    expect(codex).toContain("shell(cat -- 'skills/demo-skill/SKILL.md')");
    expect(codex).toContain('write([{"path":"out/dist/index.html","change":"add"}])');
    expect(codex).toContain('shell(ls out/dist) → ok');
    const gemini = await lines('gemini-cli', 'gemini-cli/four-tools.jsonl', '/tmp/gcap/four/work');
    expect(gemini).toContain('read({"path":"skills/demo-skill/SKILL.md"})');
    expect(gemini).toContain('shell(ls out/dist) → ok');
    const mcp = await lines('codex', 'codex/mcp-verifier.jsonl', '/tmp/lhb-codex-run/work');
    expect(mcp).toContain('mcp:check_app({"route":"/"})');
  });
});

describe('an MCP tool call in a condensed trajectory', () => {
  // A server named with each CLI's separator in it: its tool names split rightly only with the run's server names.
  const server = 'design__tokens';
  const adapters = Object.values(HARNESS_ADAPTERS).filter((adapter) => adapter.mcpToolName !== undefined);

  it.each(adapters.map((adapter) => [adapter.id, adapter] as const))("is named by its tool in %s's MCP naming, split by the task's MCP server names", (harness, adapter) => {
    const name = adapter.mcpToolName!(server, 'get_color');
    const trajectory: Trajectory = {
      format: 'lhb-trajectory/1', harness, harnessVersion: null, model: null, sessionId: null,
      steps: [{ index: 0, source: 'agent', text: '', toolCalls: [{ id: 'c', name, arguments: { token: 'brand' }, result: '#ff0000', ok: true, failure: null, exitCode: null, durationMs: null }], timestamp: null, tokens: null }],
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, costUsd: null, durationMs: null, outcome: 'completed', warnings: [],
      mcpServers: [{ name: server, transport: 'stdio', optional: false, status: 'ready', tools: ['get_color'], reason: null }],
    };
    const text = condenseTrajectory(trajectory, []);
    expect(text).toContain('[step 1] mcp:get_color({"token":"brand"}) → ok: #ff0000');
  });
});

describe('a path at the edge of what is shown', () => {
  it('is replaced before the text is cut, so no part of it is left', () => {
    const workdir = '/tmp/lhb-edge/ws/studies/s-1/runs/r-1/work';
    const result = `${'a'.repeat(190)} ${workdir}/out/dist/index.html`;
    const trajectory = {
      format: 'lhb-trajectory/1' as const, harness: 'claude-code' as const, harnessVersion: null, model: null, sessionId: null,
      steps: [{ index: 0, source: 'agent' as const, text: '', toolCalls: [{ id: 'c', name: 'Bash', arguments: { command: `ls ${'b'.repeat(150)} ${workdir}/out` }, result, ok: true, failure: null, exitCode: 0, durationMs: null }], timestamp: null, tokens: null }],
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, costUsd: null, durationMs: null, outcome: 'completed' as const, warnings: [],
    };
    const text = condenseTrajectory(trajectory, [], { blind: blindfoldFor(identityOf(workdir, null)) });
    expect(text).not.toMatch(/\/tmp\/l|lhb-edge/);
    expect(text).toContain(`${'a'.repeat(190)} out/dist…`);
  });
});

describe('neutralToolCall', () => {
  it.each([
    ['Bash', { command: 'npm run build', description: 'Build' }, 'shell', 'npm run build'],
    ['command_execution', { command: "/bin/bash -lc 'ls out/dist'" }, 'shell', 'ls out/dist'],
    ['run_shell_command', { command: 'ls' }, 'shell', 'ls'],
    ['Edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: false }, 'edit', '{"path":"a.ts","old":"x","new":"y"}'],
    ['replace', { file_path: 'a.ts', old_string: 'x', new_string: 'y' }, 'edit', '{"path":"a.ts","old":"x","new":"y"}'],
    ['write_file', { file_path: 'a.ts', content: 'z' }, 'write', '{"path":"a.ts","content":"z"}'],
    ['read_file', { absolute_path: 'a.ts' }, 'read', '{"path":"a.ts"}'],
    ['Grep', { pattern: 'TODO', path: 'src' }, 'search', '{"path":"src","pattern":"TODO"}'],
    ['glob', { pattern: '**/*.ts' }, 'search', '{"pattern":"**/*.ts"}'],
    ['list_directory', { dir_path: 'src' }, 'search', '{"path":"src"}'],
    ['TodoWrite', { todos: [] }, 'plan', '{"todos":[]}'],
    ['update_plan', { plan: [] }, 'plan', '{"plan":[]}'],
    ['WebFetch', { url: 'https://example.org' }, 'web-fetch', '{"url":"https://example.org"}'],
    ['google_web_search', { query: 'x' }, 'web-search', '{"query":"x"}'],
    ['Task', { prompt: 'x' }, 'subagent', '{"prompt":"x"}'],
    ['mcp__figma__get_design', { node: '1:2' }, 'mcp:get_design', '{"node":"1:2"}'],
    ['mcp_verifier_check_app', { route: '/' }, 'mcp:check_app', '{"route":"/"}'],
    ['mcp:figma.get_design', { node: '1:2' }, 'mcp:get_design', '{"node":"1:2"}'],
    ['apply_patch', '*** Begin Patch\n*** Add File: a.ts', 'edit', '*** Begin Patch\n*** Add File: a.ts'],
  ])('%s is %s', (name, args, neutral, shown) => {
    expect(neutralToolCall({ name, arguments: args })).toEqual({ name: neutral, shown });
  });
});

describe('blindfoldFor', () => {
  it('relativises paths under the work folder, maps harness folders, and redacts ids, models and harness names in any case', () => {
    const blind = blindfoldFor({
      ids: [{ value: 'run-1234', shownAs: '[run]' }, { value: 'study-9', shownAs: '[study]' }],
      names: [{ value: 'claude-sonnet-4-5', shownAs: '[model]' }, ...harnessNames().map((value) => ({ value, shownAs: '[harness]' }))],
      folders: [
        { value: '/ws/studies/study-9/runs/run-1234/work', shownAs: '' },
        { value: '/ws/studies/study-9/runs/run-1234/home', shownAs: '~' },
        { value: '/ws', shownAs: '[workspace]' },
      ],
      harnessFolders: harnessFolderNames(),
    });
    expect(blind('cat /ws/studies/study-9/runs/run-1234/work/.claude/skills/demo/SKILL.md')).toBe('cat skills/demo/SKILL.md');
    expect(blind('cd /ws/studies/study-9/runs/run-1234/work && ls')).toBe('cd . && ls');
    expect(blind('cat /ws/studies/study-9/runs/run-1234/home/.codex/config.toml ~/.claude.json .gemini/settings.json')).toBe('cat ~/settings/config.toml ~/settings.json settings/settings.json');
    expect(blind('see /ws/lhb.sqlite and run-1234 of study-9')).toBe('see [workspace]/lhb.sqlite and [run] of [study]');
    expect(blind('I am Claude Code (claude-sonnet-4-5), not Gemini CLI or codex-cli.\\nClaude')).toBe('I am [harness] ([model]), not [harness] or [harness].\\n[harness]');
    expect(blind('/ws2/other stays')).toBe('/ws2/other stays');
  });
});
