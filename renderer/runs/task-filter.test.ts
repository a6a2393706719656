import { describe, expect, it } from 'vitest';
import { isSyntheticTask, visibleTasks } from './task-filter.ts';

const tasks = [
  { id: 'demo-figma-pricing', title: 'Quillmoss marketing pages from the Figma file' },
  { id: 'syn-1', title: 'Synthetic: settings page' },
  { id: 'demo-chapter-trend', title: 'Explain the weekly trend chapter' },
  { id: 'real-2', title: 'A page about Synthetic: data' },
];

describe('the synthetic rule', () => {
  it('is a title that starts with "Synthetic:"', () => {
    expect(isSyntheticTask({ title: 'Synthetic: settings page' })).toBe(true);
    expect(isSyntheticTask({ title: 'A page about Synthetic: data' })).toBe(false);
    expect(isSyntheticTask({ title: 'synthetic: lower case' })).toBe(false);
    expect(isSyntheticTask({ title: ' Synthetic: leading space' })).toBe(false);
  });
});

describe('the visible tasks', () => {
  it('hide synthetic tasks unless asked', () => {
    expect(visibleTasks(tasks, '', false).map((t) => t.id)).toEqual(['demo-figma-pricing', 'demo-chapter-trend', 'real-2']);
    expect(visibleTasks(tasks, '', true)).toHaveLength(4);
  });

  it('match the filter in the title or id, ignoring case and spaces around it', () => {
    expect(visibleTasks(tasks, '  QUILL ', false).map((t) => t.id)).toEqual(['demo-figma-pricing']);
    expect(visibleTasks(tasks, 'chapter-trend', false).map((t) => t.id)).toEqual(['demo-chapter-trend']);
    expect(visibleTasks(tasks, 'settings', false)).toEqual([]);
    expect(visibleTasks(tasks, 'settings', true).map((t) => t.id)).toEqual(['syn-1']);
  });
});
