import { spawn } from 'node:child_process';
import { rendererDistDir } from '../app-paths.ts';
import { startHttpServer } from '../server/http-server.ts';
import { openCliApi } from './open-cli-api.ts';

export interface ServeOptions {
  port: number;
  host: string;
  open: boolean;
  workspace?: string;
}

export async function runServe(options: ServeOptions): Promise<void> {
  const api = await openCliApi(options.workspace);
  let server;
  try {
    server = await startHttpServer({ api, host: options.host, port: options.port, rendererDir: rendererDistDir });
  } catch (error) {
    await api.close();
    throw error;
  }
  process.stdout.write(`LH-Bench Studio at ${server.url}\n`);
  process.stderr.write(`Workspace: ${api.context.workspace.dir}\nPress Ctrl+C to stop.\n`);
  if (!['127.0.0.1', 'localhost', '::1'].includes(options.host)) {
    process.stderr.write(`Warning: listening on ${options.host}; anyone who can reach it and has the token can read and change this workspace.\n`);
  }
  if (options.open) openInBrowser(server.url);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: stopping; running jobs are cancelled and the workspace is closed cleanly.\n`);
    await server.close();
    await api.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write('Could not open a browser here; open the URL above yourself.\n'));
  child.unref();
}
