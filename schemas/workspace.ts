import { z } from 'zod';

/** The project a workspace holds: shown in the app header and stamped on exports. */
export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const WorkspaceInfoSchema = z.object({
  appVersion: z.string(),
  workspaceDir: z.string(),
  databasePath: z.string(),
  /** Number of the newest migration applied to this workspace's database. */
  schemaVersion: z.number().int().nonnegative(),
  project: ProjectSchema,
  counts: z.object({
    sources: z.number().int().nonnegative(),
    blobs: z.number().int().nonnegative(),
    jobs: z.number().int().nonnegative(),
    runs: z.number().int().nonnegative(),
    /** Live votes (undone ones are not counted). */
    votes: z.number().int().nonnegative(),
    judgments: z.number().int().nonnegative(),
    /** Of those, the demo's records (demo-seeded workspaces): left out of figures and exports unless synthetic data is asked for. */
    demo: z.object({ runs: z.number().int().nonnegative(), votes: z.number().int().nonnegative(), judgments: z.number().int().nonnegative(), sources: z.number().int().nonnegative(), chapters: z.number().int().nonnegative() }),
  }),
});
export type WorkspaceInfo = z.infer<typeof WorkspaceInfoSchema>;
