import { describe, expect, it } from 'vitest';
import { frameCaptureFileName } from './frame-capture-file-name.ts';

describe('frameCaptureFileName', () => {
  it('turns Figma node ids into portable file names', () => {
    expect(frameCaptureFileName('12:34')).toBe('12-34.png');
    expect(frameCaptureFileName('I5:6;7:8')).toBe('I5-6-7-8.png');
    expect(frameCaptureFileName('home_v2.final')).toBe('home_v2.final.png');
  });

  it('never yields a path that leaves the folder or hides the file', () => {
    for (const id of ['../../etc/passwd', '..', 'a/b\\c', '.hidden']) {
      const name = frameCaptureFileName(id);
      expect(name).not.toMatch(/[/\\]/);
      expect(name.startsWith('.')).toBe(false);
    }
    expect(() => frameCaptureFileName('')).toThrow('empty node id');
  });
});
