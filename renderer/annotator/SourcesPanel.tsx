import { useMemo, useState, type DragEvent } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { ImportButton } from './ImportButton.tsx';
import { ImportStatus } from './ImportStatus.tsx';
import { SOURCE_TYPE_BADGE, sourcesWithSharedTitles } from './source-labels.ts';
import { SourceListItem } from './SourceListItem.tsx';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** The data room's sources: filter, open, and import by button or by dropping files here. */
export function SourcesPanel() {
  const sources = useAnnotatorStore((s) => s.dataRoom?.sources);
  const openId = useAnnotatorStore((s) => s.doc?.source.id ?? s.openingSourceId);
  const filter = useAnnotatorStore((s) => s.sourceFilter);
  const importing = useAnnotatorStore((s) => s.importState?.phase === 'uploading');
  // The room's sources are its owner's to add: an SME's invite link reads them only.
  const invited = useAnnotatorStore((s) => s.invite !== undefined);
  const { setSourceFilter, openSource, importFiles } = useAnnotatorStore.getState();
  const [dropping, setDropping] = useState(false);

  const shown = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return (sources ?? []).filter((s) => {
      const haystack = `${s.title} ${s.originalName} ${SOURCE_TYPE_BADGE[s.type].badge}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    });
  }, [sources, filter]);
  const sharedTitles = useMemo(() => sourcesWithSharedTitles(sources ?? []), [sources]);

  const onDragOver = (event: DragEvent) => {
    if (invited || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
  };
  const onDrop = (event: DragEvent) => {
    if (invited || !carriesFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    void importFiles([...event.dataTransfer.files]);
  };

  return (
    <section
      className={`panel panel--sources${dropping ? ' panel--dropping' : ''}`}
      aria-labelledby="sources-title"
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <header className="panel__header">
        <h2 id="sources-title">Sources</h2>
        {!invited && <ImportButton busy={importing} onFiles={(files) => void importFiles(files)} />}
      </header>
      <input type="search" className="sources-filter" aria-label="Filter sources" placeholder="Filter…" title="Filter sources by title or type (PDF, Web, MD, TXT)" value={filter} onChange={(e) => setSourceFilter(e.target.value)} />
      <ImportStatus />
      {shown.length > 0 ? (
        <ul className="source-list" aria-label="Sources in this data room">
          {shown.map((s) => (
            <SourceListItem key={s.id} source={s} open={s.id === openId} showFileName={sharedTitles.has(s.id)} onOpen={(id) => void openSource(id)} />
          ))}
        </ul>
      ) : (
        <p className="panel__empty muted">{sources && sources.length > 0 ? `No source matches "${filter}".` : 'No sources yet.'}</p>
      )}
      {!invited && <p className="drop-hint muted">{dropping ? 'Drop to import' : 'Drop PDF, HTML, Markdown or text files here to import them.'}</p>}
    </section>
  );
}
