/**
 * Lines of a normalised web page a reader would see as markup debris: an empty link or anchor
 * ("[]()", "[text]()"), or a list item that is only another list's marker ("- - 1.1. Overview").
 * Code is not prose: fenced blocks and `code spans` are skipped (C++'s `[](void*)` lambda is code).
 */
export function debrisLines(markdown: string): string[] {
  const debris: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const prose = line.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, 'code');
    if (/\[\]\(|\]\(\)/.test(prose) || /^\s*(?:[-*+]|\d+[.)]) +(?:[-*+]|\d+[.)])(?: |$)/.test(prose)) debris.push(line);
  }
  return debris;
}
