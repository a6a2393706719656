import { z } from 'zod';

/**
 * Where the annotator was: the data room, the open source and the active chapter, for reloads.
 * A place kept before the data room had one name says `courseId`; it is still read.
 */
const PlaceSchema = z
  .object({
    dataRoomId: z.string().optional(),
    courseId: z.string().optional(),
    sourceId: z.string().optional(),
    versionId: z.string().optional(),
    chapterId: z.string().optional(),
  })
  .transform(({ courseId, ...place }) => (place.dataRoomId === undefined && courseId !== undefined ? { ...place, dataRoomId: courseId } : place));
export type RememberedPlace = z.output<typeof PlaceSchema>;

const KEY = 'lhb.annotator.place';

/** Reads the place kept in this browser; a missing or garbled entry reads as no place. */
export function readPlace(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): RememberedPlace {
  try {
    const parsed = PlaceSchema.safeParse(JSON.parse(storage?.getItem(KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function writePlace(place: RememberedPlace, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify(place));
  } catch {
    // Storage full or disabled (private mode): the place is a convenience, so forget it.
  }
}
