import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeMcpTaskFolder } from './mcp-task-folder.fixture.ts';
import { useTaskWorkspace } from './task-workspace.fixture.ts';

// A task's MCP servers are checked before the agent starts: one that cannot be given to the run
// fails it as `setup`, naming the server, and the agent never runs.

const ctx = useTaskWorkspace('lhb-task-mcp-setup-');
/** The agent, if it ever started, leaves this behind in its work folder. */
const AGENT = 'touch agent-started';

const writeMcpTask = (servers: Record<string, unknown>): string => writeMcpTaskFolder(ctx.dir, servers);

async function runTask(folder: string) {
  const { studyId } = await ctx.api.call('runs.start', { tasks: ['engine-task'], taskFolders: { 'engine-task': folder }, configurations: [{ harness: 'command', model: 'scripted', command: AGENT }], sandbox: false, allowMcpEnv: ['LHB_TEST_UNSET_FIGMA_KEY'] });
  await ctx.api.context.jobs.idle();
  const { runs } = await ctx.api.call('runs.study', { studyId });
  return { run: runs[0]!, work: join(ctx.dir, 'ws', 'studies', studyId, 'runs', runs[0]!.id, 'work') };
}

describe("a task's MCP server that cannot be given to the run", () => {
  it('fails the run as setup when its env_from variable is unset, naming the server and the variable', async () => {
    delete process.env.LHB_TEST_UNSET_FIGMA_KEY;
    const { run, work } = await runTask(writeMcpTask({ figma: { command: 'node', args: ['mcp/proof.mjs'], env_from: { FIGMA_API_KEY: 'LHB_TEST_UNSET_FIGMA_KEY' } } }));
    expect(run).toMatchObject({ status: 'failed', errorKind: 'setup' });
    expect(run.errorMessage).toMatch(/MCP server "figma".*LHB_TEST_UNSET_FIGMA_KEY/);
    expect(existsSync(join(work, 'agent-started'))).toBe(false);
  });

  it('fails the run as setup when it exits at start, with what it printed', async () => {
    const { run, work } = await runTask(writeMcpTask({ preview: { command: 'node', args: ['mcp/proof.mjs', '--fail'] } }));
    expect(run).toMatchObject({ status: 'failed', errorKind: 'setup' });
    expect(run.errorMessage).toMatch(/MCP server "preview" could not start: it exited with code 3.*refusing to start/s);
    expect(existsSync(join(work, 'agent-started'))).toBe(false);
  });

  it('fails the run as setup when the harness takes no MCP servers, naming them', async () => {
    const { run } = await runTask(writeMcpTask({ preview: { command: 'node', args: ['mcp/proof.mjs'] } }));
    expect(run).toMatchObject({ status: 'failed', errorKind: 'setup' });
    expect(run.errorMessage).toMatch(/MCP servers \(preview\).*takes none/);
  });

  it('leaves an optional one out and runs the agent', async () => {
    const { run, work } = await runTask(writeMcpTask({ preview: { command: 'node', args: ['mcp/proof.mjs', '--fail'], optional: true } }));
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    expect(existsSync(join(work, 'agent-started'))).toBe(true);
    expect(readFileSync(join(work, 'TASK.md'), 'utf8')).toContain('Explain the trend');
  });
});
