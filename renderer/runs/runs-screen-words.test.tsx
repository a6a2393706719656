import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NoStudiesYet } from './StudiesRegion.tsx';
import { NoTasksYet } from './TasksRegion.tsx';

describe('the Runs screen, empty, speaks its own words', () => {
  it('says how to start a study and import tasks on the screen, without a command to type', () => {
    const studies = renderToStaticMarkup(<NoStudiesYet />);
    const tasks = renderToStaticMarkup(<NoTasksYet />);
    expect(studies).toContain('Press “New study…” to start one.');
    expect(tasks).toContain('Import them with the form below: each path a task folder, an output bundle, or a folder holding them.');
    for (const html of [studies, tasks]) expect(html).not.toMatch(/lhb |--[a-z]/);
  });
});
