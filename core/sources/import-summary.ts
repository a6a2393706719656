import type { ImportOutcome } from '../../schemas/sources.ts';

const LISTED_FAILURES = 3;
const REASON_CHARS = 120;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The sentence a finished import leaves in the job tray, e.g. "Imported 3 sources, 1 new
 * version, 2 unchanged; 2 failed: broken.pdf is a truncated PDF …; skipped 1 other file
 * (logo.png)". Reasons already name their file.
 */
export function summariseImport(outcomes: ImportOutcome[], skipped: { path: string }[] = []): string {
  const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  const reindexed = outcomes.filter((o) => o.status === 'unchanged' && o.reindexed).length;
  const stored = [
    count('added') > 0 ? plural(count('added'), 'source', 'sources') : '',
    count('new-version') > 0 ? plural(count('new-version'), 'new version', 'new versions') : '',
    count('unchanged') > 0 ? `${count('unchanged')} unchanged${reindexed > 0 ? ` (${reindexed} with ${reindexed === 1 ? 'its' : 'their'} outline and extraction notes brought up to date)` : ''}` : '',
  ].filter((piece) => piece !== '');
  const parts = [stored.length > 0 ? `Imported ${stored.join(', ')}` : 'Imported nothing'];
  const failures = outcomes.filter((o): o is Extract<ImportOutcome, { status: 'failed' }> => o.status === 'failed');
  if (failures.length > 0) {
    const listed = failures.slice(0, LISTED_FAILURES).map((f) => shorten(f.reason));
    const more = failures.length > LISTED_FAILURES ? `; and ${failures.length - LISTED_FAILURES} more` : '';
    parts.push(`${failures.length} failed: ${listed.join('; ')}${more}`);
  }
  if (skipped.length > 0) {
    const names = skipped.slice(0, LISTED_FAILURES).map((s) => s.path.split(/[\\/]/).pop());
    parts.push(`skipped ${plural(skipped.length, 'other file', 'other files')} (${names.join(', ')}${skipped.length > LISTED_FAILURES ? ', …' : ''})`);
  }
  return parts.join('; ');
}

function shorten(reason: string): string {
  return reason.length <= REASON_CHARS ? reason : `${reason.slice(0, REASON_CHARS - 1).trimEnd()}…`;
}
