/**
 * A file path that wraps at its separators: each folder (with its / or \) is one inline block, so a
 * line breaks between folders, and only a folder name wider than the column breaks inside.
 */
export function PathText({ path }: { path: string }) {
  const parts = path.split(/(?<=[/\\])/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className="path__part">
          {part}
        </span>
      ))}
    </>
  );
}
