import { describe, expect, it } from 'vitest';
import { isSyntheticTask, visibleTasks } from './task-filter.ts';

const tasks = [
  { id: 'demo-figma-pricing', title: 'Quillmoss marketing pages from the Figma file', synthetic: false },
  { id: 'syn-1', title: 'Synthetic: settings page', synthetic: true },
  { id: 'demo-chapter-trend', title: 'Explain the weekly trend chapter', synthetic: false },
  { id: 'real-2', title: 'Synthetic: a real task that happens to be titled so', synthetic: false },
];

describe('the synthetic rule', () => {
  it('is the store’s mark, not the title', () => {
    expect(isSyntheticTask(tasks[1]!)).toBe(true);
    expect(isSyntheticTask(tasks[3]!)).toBe(false);
    expect(isSyntheticTask({ synthetic: true })).toBe(true);
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
