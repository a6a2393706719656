/** A byte count as people read it, in decimal units as the Hub shows sizes: `812 B`, `4.2 kB`, `1.3 MB`, `2.0 GB`. */
export function byteSizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const [value, unit] = bytes < 1e6 ? [bytes / 1e3, 'kB'] : bytes < 1e9 ? [bytes / 1e6, 'MB'] : [bytes / 1e9, 'GB'];
  return `${value.toFixed(1)} ${unit}`;
}
