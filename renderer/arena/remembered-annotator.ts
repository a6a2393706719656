const KEY = 'lhb.arena.annotator';

/** The annotator this browser votes as, by id; undefined when none is remembered or storage is off. */
export function readRememberedAnnotator(storage: Storage | undefined = globalThis.localStorage): string | undefined {
  try {
    return storage?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberAnnotator(annotatorId: string | undefined, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (annotatorId) storage?.setItem(KEY, annotatorId);
    else storage?.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the voter picks again next time; nothing else is lost.
  }
}
