import { z } from 'zod';
import { importedId, importedName } from './imported-text.ts';

/**
 * The on-disk layouts of issue 4: an agent run's output bundle (`run.json` + artifacts) and a
 * Figma-to-code task's ground truth (`ground_truth/manifest.json`). Field names are snake_case
 * because they are the files' own names; core/runs turns the files into these values.
 */

/** An ISO 8601 date-time with a `Z` or an explicit offset, e.g. `2025-05-01T12:00:00Z`. */
/** An ISO 8601 date-time with any offset, read as UTC (`…Z`): records, exports and the CLI's JSON then say every time one way. */
const IsoDateTimeSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

/** How a run ended. Only `succeeded` runs are expected to carry a usable build. */
export const RunStatusSchema = z.enum(['succeeded', 'failed', 'timeout', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** An output bundle's `run.json`: which configuration produced the artifacts, and when. */
export const RunManifestSchema = z
  .object({
    task_id: importedId(),
    /** The harness's id (`codex`); an alias such as `codex-cli` is accepted and stored as the id. */
    harness: importedName().min(1),
    /**
     * The harness CLI's version (`0.46.0`), or null when unknown. Recorded on the run, not part of
     * its configuration (core/runs/run-configuration.ts). Without this field, `versions.harness`
     * is read as the harness version (the older convention) and leaves the versions.
     */
    harness_version: importedName(100).min(1).nullable().optional(),
    /** At most 200 characters, one line (schemas/imported-text.ts), as every name an import stores. */
    model: importedName().min(1),
    /** What the study chose and varies, e.g. `{ skill: "v1" }`: two runs are one configuration when harness, model and versions agree. */
    versions: z.record(importedName(100), importedName()),
    started_at: IsoDateTimeSchema,
    finished_at: IsoDateTimeSchema,
    status: RunStatusSchema,
  })
  .superRefine((run, ctx) => {
    const pinned = run.versions.harness;
    if (pinned !== undefined && typeof run.harness_version === 'string' && pinned !== run.harness_version) {
      ctx.addIssue({
        code: 'custom',
        path: ['versions', 'harness'],
        message: `"${pinned}" disagrees with harness_version "${run.harness_version}"; give the version that ran as harness_version only`,
      });
    }
    if (Date.parse(run.finished_at) < Date.parse(run.started_at)) {
      ctx.addIssue({
        code: 'custom',
        path: ['finished_at'],
        message: `finished_at (${run.finished_at}) is before started_at (${run.started_at})`,
      });
    }
  });
export type RunManifest = z.infer<typeof RunManifestSchema>;

/**
 * A Figma node id, e.g. `12:34` or `I12:34;56:78` for an instance child. It names a frame file
 * (`frames/<node_id>.png`), so a path separator or a dot-only name is refused here.
 */
export const FigmaNodeIdSchema = z
  .string()
  .min(1)
  .refine((id) => !/[/\\]/.test(id) && [...id].every((char) => char.charCodeAt(0) >= 0x20), 'must not contain "/", "\\" or control characters')
  .refine((id) => id !== '.' && id !== '..', 'must not be "." or ".."');

export const ViewportSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Viewport = z.infer<typeof ViewportSchema>;

export const FigmaFrameSchema = z.object({
  name: z.string().min(1),
  node_id: FigmaNodeIdSchema,
  /** The ground-truth PNG (a 2× export), relative to the manifest's folder. */
  gt_image: z.string().min(1),
  /** Where the agent's build shows this frame, e.g. `/` or `/pricing`. */
  target_route: z.string().startsWith('/', 'must start with "/"'),
  viewport: ViewportSchema.optional(),
});
export type FigmaFrame = z.infer<typeof FigmaFrameSchema>;

/** A Figma-to-code task's `ground_truth/manifest.json`. */
export const FigmaManifestSchema = z
  .object({
    figma_file_key: z.string().min(1),
    total_frames: z.number().int().nonnegative(),
    frames: z.array(FigmaFrameSchema),
  })
  .superRefine((manifest, ctx) => {
    if (manifest.total_frames !== manifest.frames.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['total_frames'],
        message: `says ${manifest.total_frames} but frames lists ${manifest.frames.length}`,
      });
    }
    const firstIndexOf = new Map<string, number>();
    manifest.frames.forEach((frame, index) => {
      const first = firstIndexOf.get(frame.node_id);
      if (first === undefined) {
        firstIndexOf.set(frame.node_id, index);
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: ['frames', index, 'node_id'],
        message: `"${frame.node_id}" repeats frames[${first}].node_id; each frame needs its own node`,
      });
    });
  });
export type FigmaManifest = z.infer<typeof FigmaManifestSchema>;
