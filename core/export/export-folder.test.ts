import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportFolder } from './export-folder.ts';

const EXPORT_FOLDER = fileURLToPath(new URL('./export-folder.ts', import.meta.url));
const temps: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts an export's staging for `destination` in another process, which stays until killed, and answers once the staging folder exists. */
async function exportingProcess(destination: string): Promise<ReturnType<typeof spawn>> {
  const script = `const { ExportFolder } = await import(${JSON.stringify(EXPORT_FOLDER)}); const folder = ExportFolder.prepare(${JSON.stringify(destination)}); (await import('node:fs')).writeFileSync(folder.staging + '/data.jsonl', 'x'); console.log('ready'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`the exporting process ended (${code})`)));
  });
  return child;
}

const partials = (parent: string) => readdirSync(parent).filter((name) => name.includes('.partial-')).sort();

describe('ExportFolder', () => {
  it('removes the hidden partial folders of killed exports on the next export, never those of an export still running', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'lhb-export-folder-'));
    temps.push(parent);
    const killed = await exportingProcess(join(parent, 'release'));
    const killedPartial = partials(parent);
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(killedPartial).toHaveLength(1);
    // The next export, in another process, removes the killed one's folder.
    await exportingProcess(join(parent, 'release'));
    const running = partials(parent);
    expect(running).toHaveLength(1);
    expect(running).not.toEqual(killedPartial);
    // Another folder's partials and a file of the user's that only looks alike are not ours to judge.
    mkdirSync(join(parent, '.other.partial-abcd1234'));
    writeFileSync(join(parent, 'release.partial-notes.txt'), 'mine');

    const folder = ExportFolder.prepare(join(parent, 'release'));
    const after = partials(parent);
    expect(after).toContain('.other.partial-abcd1234');
    expect(after).toContain('release.partial-notes.txt');
    // The export still running keeps its folder.
    expect(after).toContain(running[0]);
    expect(existsSync(folder.staging)).toBe(true);
    folder.discard();
  }, 60_000);
});
