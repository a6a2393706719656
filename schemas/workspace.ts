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
  }),
});
export type WorkspaceInfo = z.infer<typeof WorkspaceInfoSchema>;
