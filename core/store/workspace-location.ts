import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const WORKSPACE_ENV = 'LHB_WORKSPACE';
const APP_DIR_NAME = 'LH-Bench Studio';

/**
 * Where the workspace lives: `--workspace DIR` wins, then `LHB_WORKSPACE`, then the platform's
 * app-data folder (the same one Electron's `userData` would use, so both modes share data).
 */
export function resolveWorkspaceDir(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (flag) return resolve(flag);
  const fromEnv = env[WORKSPACE_ENV];
  if (fromEnv) return resolve(fromEnv);
  return join(appDataDir(env, platform, home), APP_DIR_NAME, 'workspace');
}

function appDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return env.APPDATA ?? join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME ?? join(home, '.config');
}
