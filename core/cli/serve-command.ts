import { spawn } from 'node:child_process';
import { rendererDistDir } from '../app-paths.ts';
import { checkedHubUrl } from '../export/hub/hub-settings.ts';
import { readJudgesFile } from './read-judges-file.ts';
import { isLoopbackHost } from '../server/request-guards.ts';
import { forgetServeAddress, recordServeAddress } from '../server/serve-address.ts';
import { makeProcessNonDumpable } from '../non-dumpable-process.ts';

export interface ServeOptions {
  port: number;
  host: string;
  open: boolean;
  /** Required to bind anything but loopback: serving other machines is a deliberate choice. */
  allowRemote?: boolean;
  workspace?: string;
  /** A judges file: the judges a caller on another machine may ask (it may name no other key variable or URL). */
  judges?: string;
  /** The Hub the Export screen pushes to (else LHB_HUB_URL, else the Hub itself): the server's setting, never a caller's. */
  hubUrl?: string;
}

/** Why `lhb serve` will not bind `host`, or null when it may. Checked before the workspace opens. */
export function remoteServeRefusal(host: string, allowRemote: boolean): string | null {
  if (isLoopbackHost(host) || allowRemote) return null;
  return (
    `refusing to serve on ${host}: other machines could reach this workspace, and anyone with the link (its token) could read and change it over unencrypted HTTP. ` +
    'Nothing was started and the workspace was not opened. ' +
    'To serve other machines anyway, add --allow-remote (and put a TLS reverse proxy in front); to use the app on this machine, leave --host out (127.0.0.1).'
  );
}

export async function runServe(options: ServeOptions): Promise<void> {
  const refusal = remoteServeRefusal(options.host, options.allowRemote === true);
  if (refusal) throw new Error(refusal);
  const judges = options.judges === undefined ? [] : readJudgesFile(options.judges);
  const hubUrl = options.hubUrl === undefined ? undefined : checkedHubUrl(options.hubUrl, '--hub-url');
  // Loaded only once serving is allowed: a refusal opens nothing, not even the API's modules.
  const [{ openCliApi }, { startHttpServer }, { warmUpAtAppStart }] = await Promise.all([import('./open-cli-api.ts'), import('../server/http-server.ts'), import('../api/warm-up-at-start.ts')]);
  const api = await openCliApi(options.workspace);
  if (hubUrl) api.context.hub = { ...api.context.hub, url: hubUrl, urlSource: '--hub-url' };
  let server;
  try {
    server = await startHttpServer({ api, host: options.host, port: options.port, rendererDir: rendererDistDir, judges });
  } catch (error) {
    await api.close();
    throw error;
  }
  recordServeAddress(api.context.workspace.dir, server.url);
  // Harness versions (kept per binary) for the New study form, and warm workers for the first import.
  void warmUpAtAppStart(api);
  // Listening before the URL is printed: a Ctrl+C or SIGTERM that follows it at once still closes cleanly.
  const running = server;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: stopping; running jobs are cancelled and the workspace is closed cleanly.\n`);
    forgetServeAddress(api.context.workspace.dir);
    await running.close();
    await api.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.stdout.write(`LH-Bench Studio at ${server.url}\n`);
  for (const url of server.urls.slice(1)) process.stderr.write(`Also at ${url}\n`);
  process.stderr.write(`Workspace: ${api.context.workspace.dir}\nPress Ctrl+C to stop.\n`);
  // main.ts made it so already; said here, where the launch token is held, when it could not be.
  const protection = makeProcessNonDumpable();
  if (!protection.nonDumpable) process.stderr.write(`Note: ${protection.note}.\n`);
  if (!isLoopbackHost(options.host)) {
    process.stderr.write(
      `Warning: serving other machines on ${options.host}${options.host === '0.0.0.0' || options.host === '::' ? " (every interface; open one of the addresses above, as 0.0.0.0 is not a destination)" : ''}. ` +
        'Traffic is clear text: the link\'s token and everything read or changed cross the network unencrypted, so put a TLS reverse proxy (Caddy, nginx) in front or use it only on a network you trust. ' +
        'Anyone with the link can read and change this workspace. ' +
        `Other machines cannot import by path (they upload sources instead), and judge only with the judges of --judges FILE (${judges.length === 0 ? 'none given' : judges.map((judge) => judge.name).join(', ')}). ` +
        "The arena's frames, ground truth and videos are served to them too (on a second port, printed as Arena assets below), and live builds on a port per side, opened as experts open them. " +
          'Give remote experts an invite link (lhb arena invite --name NAME), which can vote and nothing else, rather than this link.\n',
    );
  }
  if (server.assetOrigin && !isLoopbackHost(options.host)) process.stderr.write(`Arena assets on port ${new URL(server.assetOrigin).port} (open it to other machines too, or proxy it beside the app).\n`);
  if (options.open) openInBrowser(server.url);

}

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write('Could not open a browser here; open the URL above yourself.\n'));
  child.unref();
}
