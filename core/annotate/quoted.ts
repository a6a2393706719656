/** `“Intro”`, shortened so a label or message stays one line. */
export function quoted(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}”`;
}
