/** The charts' colours and type, as presentation attributes so an exported file keeps them. */
export const CHART = {
  font: "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  ink: '#1d1f23',
  muted: '#5c6370',
  grid: '#dcdfe4',
  dot: '#2b5fd9',
  background: '#ffffff',
  /** Roughly the advance of one character at 12px, for laying out labels without measuring. */
  charWidth: 6.6,
} as const;
