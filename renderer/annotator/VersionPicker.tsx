import { dateTimeText } from '../ui/date-time-text.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import type { OpenDocument } from './document-slice.ts';

/** Shown when a source was imported more than once: older versions keep their citations. */
export function VersionPicker({ doc }: { doc: OpenDocument }) {
  const openSource = useAnnotatorStore((s) => s.openSource);
  if (doc.versions.length < 2) return null;
  const newest = Math.max(...doc.versions.map((v) => v.version));
  return (
    <label className="version-picker">
      Version{' '}
      <select value={doc.version.id} onChange={(e) => void openSource(doc.source.id, e.target.value)}>
        {[...doc.versions]
          .sort((a, b) => b.version - a.version)
          .map((v) => (
            <option key={v.id} value={v.id}>
              {v.version}
              {v.version === newest ? ' (newest)' : ''} · {dateTimeText(v.createdAt)}
            </option>
          ))}
      </select>
    </label>
  );
}
