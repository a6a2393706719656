import type { MouseEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { closeOnBackdrop } from './use-modal-dialog.ts';

/** A dialog box at 100,100–300,200 and a click at (x, y) on `target` (the dialog itself, or something inside it). */
function click(x: number, y: number, on: 'dialog' | 'content') {
  let closed = 0;
  const dialog = { getBoundingClientRect: () => ({ left: 100, right: 300, top: 100, bottom: 200 }), close: () => void closed++ };
  const event = { currentTarget: dialog, target: on === 'dialog' ? dialog : {}, clientX: x, clientY: y } as unknown as MouseEvent<HTMLDialogElement>;
  closeOnBackdrop(event);
  return closed;
}

describe('closing a modal dialog on its backdrop', () => {
  it('closes on a click outside the box, which reaches the dialog itself', () => {
    expect(click(50, 150, 'dialog')).toBe(1);
    expect(click(200, 250, 'dialog')).toBe(1);
  });

  it('stays open on a click inside the box: on its padding, its edge, or anything in it', () => {
    expect(click(200, 150, 'dialog')).toBe(0);
    expect(click(100, 200, 'dialog')).toBe(0);
    expect(click(200, 150, 'content')).toBe(0);
    // Content that overflows the box is still the dialog's content.
    expect(click(50, 150, 'content')).toBe(0);
  });
});
