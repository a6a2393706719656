import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

const CitationSeedSchema = z.object({
  /** Path of the source file inside the dataset folder. */
  file: z.string().min(1),
  /** A line of the normalised source that the citation starts at, found by its text. */
  quote: z.string().min(1),
  /** Extra lines after the quoted one to include (default 0). */
  lines: z.number().int().min(0).default(0),
});

const ChapterSeedSchema = z.object({
  title: z.string().min(1),
  instruction: z.string().default(''),
  designNotes: z.string().default(''),
  citations: z.array(CitationSeedSchema).default([]),
});

const DataRoomSeedSchema = z.object({
  title: z.string().min(1),
  globalNotes: z.string().default(''),
  sources: z.array(z.string().min(1)).default([]),
  chapters: z.array(ChapterSeedSchema).default([]),
});

/**
 * `workspace.json` of a dataset folder: the project and, optionally, one data room with a chapter
 * plan. Folders written before the data room had one name say `course`; it is still read.
 */
export const SeedManifestSchema = z
  .object({
    project: z.object({ name: z.string().min(1), description: z.string().default('') }),
    dataRoom: DataRoomSeedSchema.optional(),
    course: DataRoomSeedSchema.optional(),
  })
  .refine((manifest) => manifest.dataRoom === undefined || manifest.course === undefined, {
    message: 'says both dataRoom and course (its former name); keep dataRoom',
    path: ['course'],
  })
  .transform(({ course, dataRoom, ...manifest }) => ({ ...manifest, dataRoom: dataRoom ?? course }));
export type SeedManifest = z.infer<typeof SeedManifestSchema>;

export function readSeedManifest(datasetDir: string): SeedManifest {
  const manifestPath = join(datasetDir, 'workspace.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new Error(`Could not read the seed manifest ${manifestPath}: ${(error as Error).message}.`, { cause: error });
  }
  const parsed = SeedManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = describeZodIssues(parsed.error, '(root)');
    throw new Error(`The seed manifest ${manifestPath} is not valid: ${problems}.`);
  }
  return parsed.data;
}
