/**
 * What a screen keeps in this browser for one workspace (by its folder) across reloads: the judges
 * file last typed on the Judges screen, the license last chosen on the Export screen, the studies
 * the Analysis screen was last limited to. Reads as
 * undefined when nothing is kept or storage is off; writing never throws.
 */
export type WorkspaceMemoryItem = 'judges' | 'export-license' | 'analysis-studies';

const keyOf = (item: WorkspaceMemoryItem, workspaceDir: string) => `lhb.${item}:${workspaceDir}`;

export function readWorkspaceMemory(item: WorkspaceMemoryItem, workspaceDir: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string | undefined {
  try {
    return storage?.getItem(keyOf(item, workspaceDir)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeWorkspaceMemory(item: WorkspaceMemoryItem, workspaceDir: string, value: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(keyOf(item, workspaceDir), value);
  } catch {
    // Storage refused (private mode, quota): the value stays on screen; only a reload forgets it.
  }
}
