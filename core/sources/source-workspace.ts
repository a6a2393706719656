import type { Workspace } from '../workspace/open-workspace.ts';

/** What the source store needs of a workspace: its database and its blob files. */
export type SourceWorkspace = Pick<Workspace, 'db' | 'blobs'>;
