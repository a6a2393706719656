/**
 * The first sentence a cancelled import leaves in the tray, from what it really finished:
 * "Cancelled after importing 3 of 10 files; those 3 are kept." `detail` says what they were.
 */
export function cancelledImportMessage(kept: number, planned: number, unit: { one: string; many: string }, detail?: string): string {
  const of = `${kept} of ${planned} ${planned === 1 ? unit.one : unit.many}${detail ? ` (${detail})` : ''}`;
  const those = kept === 0 ? 'nothing was added' : kept === 1 ? 'that one is kept' : `those ${kept} are kept`;
  return `Cancelled after importing ${of}; ${those}.`;
}
