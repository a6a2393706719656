import { useRef, useState } from 'react';

interface ChapterTitleEditorProps {
  title: string;
  onDone: (title: string | undefined) => void;
}

/** Inline rename: Enter or leaving the field saves, Escape cancels. */
export function ChapterTitleEditor({ title, onDone }: ChapterTitleEditorProps) {
  const [value, setValue] = useState(title);
  // Enter unmounts the field, which may also blur it: save once.
  const finished = useRef(false);
  const finish = (result: string | undefined) => {
    if (finished.current) return;
    finished.current = true;
    onDone(result);
  };
  return (
    <input
      className="chapter__title-input"
      aria-label="Chapter title"
      value={value}
      maxLength={300}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(value);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(undefined);
        }
      }}
      onBlur={() => finish(value)}
    />
  );
}
