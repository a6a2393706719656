import { describe, expect, it } from 'vitest';
import { arenaIntentFor, type KeyLike } from './arena-keys.ts';

/** Just enough of an element: its tag, type, role and closest() over its ancestors' selectors. */
function element(tagName: string, { type = '', role = '', inside = [] as string[] } = {}) {
  const matches = (selector: string) =>
    selector.split(',').some((part) => {
      const s = part.trim();
      if (s === tagName.toLowerCase()) return true;
      if (role && s === `[role="${role}"]`) return true;
      return inside.includes(s);
    });
  const el = { tagName, type, isContentEditable: false, closest: (selector: string) => (matches(selector) ? el : null) };
  return el as unknown as EventTarget;
}

const body = element('BODY');
const press = (key: string, mods: Partial<Omit<KeyLike, 'key' | 'target'>> = {}, target: EventTarget | null = body) =>
  arenaIntentFor({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target, ...mods });

describe('arena keys', () => {
  it('chooses with arrows and letters', () => {
    expect(press('ArrowLeft')).toEqual({ kind: 'choose', choice: 'left' });
    expect(press('a')).toEqual({ kind: 'choose', choice: 'left' });
    expect(press('A')).toEqual({ kind: 'choose', choice: 'left' }); // caps lock
    expect(press('ArrowRight')).toEqual({ kind: 'choose', choice: 'right' });
    expect(press('d')).toEqual({ kind: 'choose', choice: 'right' });
    expect(press('t')).toEqual({ kind: 'choose', choice: 'tie' });
    expect(press('b')).toEqual({ kind: 'choose', choice: 'both-bad' });
  });

  it('rates with 1–5 only, clears with Backspace', () => {
    for (const digit of [1, 2, 3, 4, 5]) expect(press(String(digit))).toEqual({ kind: 'digit', value: digit });
    expect(press('0')).toBeUndefined();
    expect(press('6')).toBeUndefined();
    expect(press('Backspace')).toEqual({ kind: 'clearRating' });
  });

  it('maps reason, submit, undo and the legend', () => {
    expect(press('r')).toEqual({ kind: 'focusReason' });
    expect(press('Enter')).toEqual({ kind: 'submit' });
    expect(press('z', { ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(press('z', { metaKey: true })).toEqual({ kind: 'undo' });
    expect(press('u')).toEqual({ kind: 'undo' });
    expect(press('?', { shiftKey: true })).toEqual({ kind: 'toggleLegend' });
  });

  it('leaves other modifier combinations alone', () => {
    expect(press('z', { ctrlKey: true, shiftKey: true })).toBeUndefined();
    expect(press('a', { ctrlKey: true })).toBeUndefined();
    expect(press('1', { altKey: true })).toBeUndefined(); // Alt+digit switches sections
    expect(press('A', { shiftKey: true })).toBeUndefined();
    expect(press('r', { metaKey: true })).toBeUndefined(); // Cmd+R reloads
  });

  it('gives a text field every key but Esc, which leaves it', () => {
    const reason = element('TEXTAREA');
    for (const key of ['a', 'd', 't', 'b', '1', 'r', 'u', 'Enter', 'Backspace', 'ArrowLeft', '?']) expect(press(key, {}, reason)).toBeUndefined();
    expect(press('z', { ctrlKey: true }, reason)).toBeUndefined(); // the field's own undo
    expect(press('Escape', {}, reason)).toEqual({ kind: 'leaveField' });
    expect(press('a', {}, element('INPUT', { type: 'text' }))).toBeUndefined();
  });

  it('lets a focused button keep Enter, but a radio submits, and Esc leaves the button', () => {
    expect(press('Enter', {}, element('BUTTON'))).toBeUndefined();
    expect(press('Escape', {}, element('BUTTON'))).toEqual({ kind: 'leaveField' });
    expect(press('Escape')).toEqual({ kind: 'leaveField' });
    expect(press('Enter', {}, element('BUTTON', { role: 'radio' }))).toEqual({ kind: 'submit' });
    expect(press('a', {}, element('BUTTON'))).toEqual({ kind: 'choose', choice: 'left' });
  });

  it('leaves arrows to media and tabs, and everything to an open dialog', () => {
    expect(press('ArrowLeft', {}, element('VIDEO'))).toBeUndefined();
    expect(press('ArrowRight', {}, element('BUTTON', { role: 'tab' }))).toBeUndefined();
    expect(press('a', {}, element('VIDEO'))).toEqual({ kind: 'choose', choice: 'left' });
    const inDialog = element('BUTTON', { inside: ['dialog'] });
    for (const key of ['a', '1', 'Enter', 'u', 'Escape']) expect(press(key, {}, inDialog)).toBeUndefined();
  });
});
