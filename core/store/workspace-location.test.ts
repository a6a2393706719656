import { describe, expect, it } from 'vitest';
import { resolveWorkspaceDir } from './workspace-location.ts';

describe('resolveWorkspaceDir', () => {
  it('prefers --workspace, then LHB_WORKSPACE, resolving relative paths', () => {
    expect(resolveWorkspaceDir('/data/ws', { LHB_WORKSPACE: '/env/ws' }, 'linux', '/home/a')).toBe('/data/ws');
    expect(resolveWorkspaceDir(undefined, { LHB_WORKSPACE: '/env/ws' }, 'linux', '/home/a')).toBe('/env/ws');
    expect(resolveWorkspaceDir('rel', {}, 'linux', '/home/a')).toBe(`${process.cwd()}/rel`);
  });

  it("defaults to the platform's app-data folder", () => {
    expect(resolveWorkspaceDir(undefined, {}, 'linux', '/home/a')).toBe('/home/a/.config/LH-Bench Studio/workspace');
    expect(resolveWorkspaceDir(undefined, { XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/a')).toBe('/xdg/LH-Bench Studio/workspace');
    expect(resolveWorkspaceDir(undefined, {}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/LH-Bench Studio/workspace');
  });
});
