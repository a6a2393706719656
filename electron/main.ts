// Electron's main process: the window, its security settings and the IPC transport of the
// RPC contract. All behaviour lives in core/; this file only wires it to Electron.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, session } from 'electron';
import { IPC_BLOB_CHANNEL, IPC_EVENT_CHANNEL, IPC_RPC_CHANNEL } from '../schemas/rpc.ts';
import { rendererDistDir } from '../core/app-paths.ts';
import type { Api } from '../core/api/create-api.ts';
import { openApi } from '../core/api/open-api.ts';
import { warmUpAtAppStart } from '../core/api/warm-up-at-start.ts';
import { handleIpcCall, handleIpcPutBlob } from '../core/api/ipc-call.ts';
import { APP_ENTRY_URL, APP_HOST, APP_SCHEME, isAppUrl } from '../core/api/trusted-ipc-sender.ts';
import { startArenaAssetServer, type ArenaAssetServer } from '../core/server/arena-asset-server.ts';
import { appContentSecurityPolicy, readStaticFile } from '../core/server/static-files.ts';
import { resolveWorkspaceDir } from '../core/store/workspace-location.ts';
import { makeProcessNonDumpable } from '../core/non-dumpable-process.ts';

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

function workspaceFlag(argv: readonly string[]): string | undefined {
  const index = argv.indexOf('--workspace');
  return index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith('--workspace='))?.slice('--workspace='.length);
}

function serveAppProtocol(assetOrigin: string | undefined): void {
  const contentSecurityPolicy = appContentSecurityPolicy(assetOrigin);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? await readStaticFile(rendererDistDir, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: { 'Content-Type': file.contentType, 'Content-Security-Policy': contentSecurityPolicy, 'X-Content-Type-Options': 'nosniff' },
    });
  });
}

/** Arena builds (sandboxed frames from the asset server) may only move within their own origin. */
function isConfinedFrameNavigation(fromUrl: string, toUrl: string): boolean {
  try {
    return new URL(fromUrl).origin === new URL(toUrl).origin;
  } catch {
    return false;
  }
}

function lockDownSessions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    // Agent builds run in sandboxed cross-site frames (no preload: it is only injected into the
    // main frame); a frame may reload or follow its own links, never leave its origin.
    contents.on('will-frame-navigate', (event) => {
      if (event.isMainFrame || !event.frame) return;
      if (event.frame.url !== '' && event.frame.url !== 'about:blank' && !isConfinedFrameNavigation(event.frame.url, event.url)) event.preventDefault();
    });
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

function serveIpc(api: Api): void {
  ipcMain.handle(IPC_RPC_CHANNEL, (event, method: unknown, input: unknown) => {
    const frame = event.senderFrame;
    return handleIpcCall(api, { frameUrl: frame?.url, isTopFrame: frame !== null && frame === event.sender.mainFrame }, method, input);
  });
  ipcMain.handle(IPC_BLOB_CHANNEL, (event, bytes: unknown) => {
    const frame = event.senderFrame;
    return handleIpcPutBlob(api, { frameUrl: frame?.url, isTopFrame: frame !== null && frame === event.sender.mainFrame }, bytes);
  });
  api.context.jobs.onAppEvent((appEvent) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(IPC_EVENT_CHANNEL, appEvent);
  });
}

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'LH-Bench Studio',
    webPreferences: {
      preload: join(fileURLToPath(new URL('.', import.meta.url)), 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  void window.loadURL(APP_ENTRY_URL);
}

// The main process runs the engine with the API keys in its environment: closed to other processes of the user.
const protection = makeProcessNonDumpable();
if (!protection.nonDumpable) console.warn(`LH-Bench Studio: ${protection.note}.`);

app.enableSandbox();
void app.whenReady().then(async () => {
  let api: Api;
  try {
    api = await openApi(resolveWorkspaceDir(workspaceFlag(process.argv)));
  } catch (error) {
    console.error(`LH-Bench Studio could not open its workspace: ${(error as Error).message}`);
    app.exit(1);
    return;
  }
  let assets: ArenaAssetServer | undefined;
  try {
    assets = await startArenaAssetServer({ api, frameAncestors: [`${APP_SCHEME}://${APP_HOST}`] });
    api.context.arena.assetOrigin = assets.origin;
  } catch (error) {
    console.error(`The arena's asset server could not start, so builds and frames will not show: ${(error as Error).message}`);
  }
  lockDownSessions();
  serveAppProtocol(assets?.origin);
  serveIpc(api);
  createWindow();
  // Harness versions (kept per binary) for the New study form, and warm workers for the first import.
  void warmUpAtAppStart(api);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('window-all-closed', () => {
    void Promise.resolve(assets?.close())
      .then(() => api.close())
      .finally(() => app.quit());
  });
});
