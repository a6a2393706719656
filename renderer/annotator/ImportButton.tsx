import { useRef } from 'react';

/** The formats the importer reads; the picker offers them first but still allows any file. */
const ACCEPT = '.pdf,.html,.htm,.xhtml,.md,.markdown,.txt,.text,application/pdf,text/html,text/markdown,text/plain';

/** "Import files…": a button that opens the system file picker (a hidden file input). */
export function ImportButton({ onFiles, busy }: { onFiles: (files: File[]) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()} disabled={busy}>
        Import files…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Clear it so choosing the same file again (a changed copy) still fires.
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
