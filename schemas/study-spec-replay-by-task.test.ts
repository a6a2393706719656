import { describe, expect, it } from 'vitest';
import { StudySpecSchema } from './studies.ts';

const script = (name: string) => ({ name, turns: [{ text: name }] });
const base = { tasks: ['a', 'b'], configurations: [{ harness: 'codex', model: 'gpt-5.2' }] };

describe('a study with a script per task (replayByTask)', () => {
  it('keeps each task its own script beside the default one', () => {
    const spec = StudySpecSchema.parse({ ...base, replay: script('default'), replayByTask: { b: script('for b') } });
    expect(spec.replayByTask?.b?.name).toBe('for b');
    expect(spec.replay?.name).toBe('default');
  });

  it('is refused without replay, naming the field and what it needs', () => {
    const parsed = StudySpecSchema.safeParse({ ...base, replayByTask: { b: script('for b') } });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['replayByTask', 'replayByTask needs replay too: the script of the tasks it names none for']]);
  });
});
