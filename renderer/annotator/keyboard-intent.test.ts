import { describe, expect, it } from 'vitest';
import { isTypingTarget } from '../ui/keyboard.ts';
import { shortcutFor } from './keyboard-intent.ts';

/** Just enough of an element for the checks: its tag, its type and closest(). */
function element(tagName: string, type = '', editable = false) {
  const el = {
    tagName,
    type,
    isContentEditable: editable,
    closest: (selector: string) => (selector.includes(tagName.toLowerCase()) || (editable && selector.includes('contenteditable')) ? el : null),
  };
  return el as unknown as EventTarget;
}
const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}, target: EventTarget | null = element('DIV')) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target, ...mods });

describe('annotator shortcuts', () => {
  it('maps Ctrl/Cmd+Z, Ctrl+Shift+Z, Ctrl+Y and C', () => {
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('z', { metaKey: true })).toBe('undo');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(press('y', { ctrlKey: true })).toBe('redo');
    expect(press('c')).toBe('cite');
    expect(press('c', { ctrlKey: true })).toBeUndefined();
    expect(press('m')).toBe('markdown');
    expect(press('W')).toBe('wrap');
    expect(press('m', { ctrlKey: true })).toBeUndefined();
    expect(press('w', {}, element('INPUT', 'search'))).toBeUndefined();
    expect(press('z', { ctrlKey: true, altKey: true })).toBeUndefined();
  });

  it('leaves keys to text fields so their own undo works there', () => {
    expect(isTypingTarget(element('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(element('INPUT', 'text'))).toBe(true);
    expect(isTypingTarget(element('INPUT', 'checkbox'))).toBe(false);
    expect(isTypingTarget(element('DIV', '', true))).toBe(true);
    expect(press('z', { ctrlKey: true }, element('TEXTAREA'))).toBeUndefined();
    expect(press('c', {}, element('INPUT', 'search'))).toBeUndefined();
    expect(press('c', {}, element('BUTTON'))).toBe('cite');
  });
});
