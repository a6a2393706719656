import { useCallback, useRef, type KeyboardEvent } from 'react';
import type { RowModel } from './row-model.ts';
import type { LineSelection } from './selection-to-lines.ts';

interface LineKeyboardOptions {
  model: RowModel;
  selection: LineSelection | undefined;
  /** The first line on screen: where the cursor starts when nothing is selected. */
  firstVisibleLine: () => number | undefined;
  pageRows: () => number;
  onSelect: (selection: LineSelection | undefined) => void;
  scrollToLine: (line: number) => void;
}

/**
 * Line selection without a mouse, on the focused viewer: ↑/↓ move the cursor line, Shift+↑/↓
 * extend the selection, PageUp/PageDown move a screen, Ctrl+Home/End go to the first/last line,
 * Escape clears. The selected lines can then be cited with C like a mouse selection.
 */
export function useLineKeyboard({ model, selection, firstVisibleLine, pageRows, onSelect, scrollToLine }: LineKeyboardOptions) {
  // The end that stays put while Shift extends the selection.
  const anchor = useRef<number | undefined>(undefined);
  const focus = useRef<number | undefined>(undefined);
  // The selection these keys made last; a different one came from the mouse and resets both ends.
  const made = useRef<LineSelection | undefined>(undefined);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget || event.altKey || event.metaKey) return;
      if (event.key === 'Escape') {
        anchor.current = focus.current = made.current = undefined;
        document.getSelection()?.removeAllRanges();
        onSelect(undefined);
        return;
      }
      const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: pageRows(), PageUp: -pageRows() };
      if (selection !== made.current) {
        anchor.current = selection?.startLine;
        focus.current = selection?.endLine;
      }
      let target: number | undefined;
      const from = selection ? focus.current : undefined;
      if (event.ctrlKey && event.key === 'Home') target = model.stepLine(1, -model.rowCount);
      else if (event.ctrlKey && event.key === 'End') target = model.lineAtOrBefore(model.rowCount - 1);
      else if (event.ctrlKey) return;
      else if (steps[event.key] !== undefined) target = from === undefined ? firstVisibleLine() : model.stepLine(from, steps[event.key]!);
      if (target === undefined) return;
      event.preventDefault();
      if (!event.shiftKey || anchor.current === undefined) anchor.current = target;
      focus.current = target;
      document.getSelection()?.removeAllRanges();
      made.current = { startLine: Math.min(anchor.current, target), endLine: Math.max(anchor.current, target) };
      onSelect(made.current);
      scrollToLine(target);
    },
    [model, selection, firstVisibleLine, pageRows, onSelect, scrollToLine],
  );
}
