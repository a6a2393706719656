/**
 * The file name a frame's PNG gets in a bundle's `frames/`. Figma node ids look like `12:34` or
 * `I5:6;7:8`; `:` and `;` are not safe on every file system, so every character outside
 * `[A-Za-z0-9._-]` becomes `-` (`12:34` → `12-34.png`, the form Figma itself uses in URLs).
 */
export function frameCaptureFileName(nodeId: string): string {
  const safe = nodeId.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^\.+/, (dots) => '-'.repeat(dots.length));
  if (safe === '') throw new Error('A frame has an empty node id, so its screenshot has no file name.');
  return `${safe}.png`;
}
