/**
 * Turns `read` (reading something again after a change elsewhere) into a trigger that never runs
 * two reads at once: a trigger while one reads asks for exactly one more once it ends, however
 * many came, so a burst of changes costs two reads, and the last read sees the last change.
 */
export function coalescedReads(read: () => Promise<unknown>): () => void {
  let state: 'idle' | 'reading' | 'again' = 'idle';
  const trigger = () => {
    if (state !== 'idle') {
      state = 'again';
      return;
    }
    state = 'reading';
    void read()
      .catch(() => undefined)
      .finally(() => {
        const again = state === 'again';
        state = 'idle';
        if (again) trigger();
      });
  };
  return trigger;
}
