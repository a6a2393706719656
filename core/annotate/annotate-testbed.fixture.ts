// Test helper: a temp workspace (seeded with the demo project), a fixture source library, a
// controllable clock and a data room to work in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { createDataRoom } from './data-rooms.ts';
import { SourceLibraryFixture } from './source-library.fixture.ts';

export interface AnnotateTestbed {
  dir: string;
  workspace: Workspace;
  library: SourceLibraryFixture;
  deps: AnnotateDeps;
  dataRoomId: string;
  /** Moves the fake clock forward. */
  advance(ms: number): void;
  /** Closes and reopens the workspace (as a restart would); deps and library follow. */
  reopen(): void;
  dispose(): void;
}

export function createAnnotateTestbed(): AnnotateTestbed {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-annotate-'));
  let clock = Date.parse('2025-01-01T09:00:00.000Z');
  const workspace = openWorkspace(dir);
  const library = new SourceLibraryFixture(workspace);
  const deps: AnnotateDeps = { db: workspace.db, sources: library, now: () => new Date(clock) };
  const testbed: AnnotateTestbed = {
    dir,
    workspace,
    library,
    deps,
    dataRoomId: createDataRoom(deps, { title: 'Dashboards' }),
    advance(ms) {
      clock += ms;
    },
    reopen() {
      testbed.workspace.close();
      testbed.workspace = openWorkspace(dir);
      library.workspace = testbed.workspace;
      deps.db = testbed.workspace.db;
    },
    dispose() {
      if (testbed.workspace.db.open) testbed.workspace.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return testbed;
}
