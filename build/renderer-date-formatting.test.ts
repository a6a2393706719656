import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER, rendererSourceFiles } from './renderer-source-files.ts';

/** The one place that puts a time into words for the screen (the user's locale, with its time zone). */
const FORMATTER = join(RENDERER, 'ui', 'date-time-text.ts');
/** A date or time put into words by hand, or in a format of its own; counts with an explicit 'en' locale are numbers, not dates. */
const HAND_MADE = /toLocale(Date|Time)?String\((?!'en'\))|toISOString\(\)\.slice|\.slice\(11, 16\)|\.slice\(0, 1[06]\)\.replace\('T'|replace\('T', ' '\)/;

describe('dates on screen', () => {
  it('are put into words by the renderer’s one formatter, nowhere else', () => {
    const offenders = rendererSourceFiles()
      .filter((file) => file !== FORMATTER)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (HAND_MADE.test(line) ? [`${relative(RENDERER, file)}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
