import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PROOF_SERVER = join(import.meta.dirname, 'fixtures', 'proof-mcp-server.mjs');

/** The test workspace's task `engine-task` as a folder `<dir>/mcp-task` declaring `servers`, with the proof server at mcp/proof.mjs. */
export function writeMcpTaskFolder(dir: string, servers: Record<string, unknown>): string {
  const folder = join(dir, 'mcp-task');
  mkdirSync(join(folder, 'mcp'), { recursive: true });
  copyFileSync(PROOF_SERVER, join(folder, 'mcp', 'proof.mjs'));
  writeFileSync(join(folder, 'task.json'), JSON.stringify({ id: 'engine-task', kind: 'programmatic', title: 'Explain the trend', instruction: 'Build one page.', mcp_servers: servers }));
  return folder;
}
