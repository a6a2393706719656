/** A dragged selection as offsets into its first and last line's text. */
export interface SelectionOffsets {
  startLine: number;
  startOffset: number;
  endLine: number;
  endOffset: number;
}

/** Letters, digits, marks and joiners inside a word ("long-horizon", "don't"). */
const WORD = /[\p{L}\p{N}\p{M}_]/u;
const JOINER = /['’-]/u;

const isWordAt = (text: string, index: number): boolean => {
  const char = text[index];
  if (char === undefined) return false;
  if (WORD.test(char)) return true;
  return JOINER.test(char) && WORD.test(text[index - 1] ?? '') && WORD.test(text[index + 1] ?? '');
};

/**
 * The selection a quote is taken from: a drag that begins or ends inside a word takes the whole
 * word (a quote never reads "… you can now inc"), and nothing more: what was selected is what is
 * quoted. Offsets are clamped to the lines' text; unknown lines are left as given.
 */
export function snapSelection(selection: SelectionOffsets, lineText: (line: number) => string | undefined): SelectionOffsets {
  const first = lineText(selection.startLine);
  const last = lineText(selection.endLine);
  if (first === undefined || last === undefined) return selection;
  let startOffset = Math.max(0, Math.min(selection.startOffset, first.length));
  let endOffset = Math.max(0, Math.min(selection.endOffset, last.length));

  while (startOffset > 0 && isWordAt(first, startOffset) && isWordAt(first, startOffset - 1)) startOffset--;
  while (endOffset < last.length && isWordAt(last, endOffset) && isWordAt(last, endOffset - 1)) endOffset++;

  return { ...selection, startOffset, endOffset };
}
