import { z } from 'zod';

/**
 * Where a researcher's screen finds one run's artifacts: URLs on the asset server (the arena's,
 * another site than the app), under a token that names this run for this process only. Unlike the
 * arena's, these answers name the run: they are for the Runs screen, never for a voter.
 */
export const RunAssetsSchema = z.object({
  /** The store's run the artifacts belong to (a study run's once it has finished). */
  runId: z.string().nullable(),
  /** The build's root, served at the root of an origin of its own; frame it sandboxed. Null without a build. */
  siteUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  /** The run's frame screenshots, in the task's frame order when the task names them. */
  frames: z.array(z.object({ path: z.string(), name: z.string(), route: z.string().nullable(), url: z.string() })),
  /** Why nothing can be shown, when nothing can (the run has not finished, no asset server in this process). */
  unavailable: z.string().nullable(),
});
export type RunAssets = z.infer<typeof RunAssetsSchema>;
