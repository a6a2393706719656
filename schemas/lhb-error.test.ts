import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodIssues, LhbError, lhbErrorOfCode, lhbErrorOfZod } from './lhb-error.ts';

const Judge = z.strictObject({ name: z.string().min(1), maxConcurrency: z.number().int().min(1) });

describe('LhbError', () => {
  it('carries its code, words and the field it concerns', () => {
    const error = new LhbError('not_found', 'No study s1 in this workspace.', { field: 'studyId' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'LhbError', code: 'not_found', message: 'No study s1 in this workspace.', field: 'studyId' });
    expect(new LhbError('conflict', 'Taken.').field).toBeUndefined();
  });

  it('makes a named kind whose code is fixed and which callers can still tell apart', () => {
    class JobGoneError extends lhbErrorOfCode('not_found') {
      override name = 'JobGoneError';
    }
    const error = new JobGoneError('No job j1.', { field: 'jobId' });
    expect(error).toBeInstanceOf(LhbError);
    expect(error).toBeInstanceOf(JobGoneError);
    expect(error).toMatchObject({ name: 'JobGoneError', code: 'not_found', field: 'jobId', message: 'No job j1.' });
  });
});

describe('describeZodIssues', () => {
  const refused = Judge.safeParse({ name: '', maxConcurrency: 0, extra: 1 });
  if (refused.success) throw new Error('the schema should refuse this');

  it('puts every problem in words, field first, and names the value itself as the caller says', () => {
    const words = describeZodIssues(refused.error, '(file)');
    expect(words.split('; ')).toHaveLength(3);
    expect(words).toMatch(/^name: Too small/);
    expect(words).toMatch(/; maxConcurrency: Too small/);
    expect(words).toMatch(/; \(file\): Unrecognized key: "extra"/);
    expect(describeZodIssues(refused.error, '(file)', 1)).toBe(words.split('; ')[0]);
  });

  it('turns a refused input into a bad_request naming the first field', () => {
    const error = lhbErrorOfZod(refused.error, `Invalid input: ${describeZodIssues(refused.error)}`);
    expect(error).toMatchObject({ code: 'bad_request', field: 'name' });
    expect(error.message).toContain('(input): Unrecognized key');
    const whole = z.string().safeParse(3);
    if (whole.success) throw new Error('the schema should refuse this');
    expect(lhbErrorOfZod(whole.error, 'Not a string.').field).toBeUndefined();
  });
});
