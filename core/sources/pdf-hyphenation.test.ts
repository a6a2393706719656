import { describe, expect, it } from 'vitest';
import { pdfBlocks } from './pdf-blocks.ts';
import type { PdfPageLines } from './pdf-page-furniture.ts';
import type { PdfLine } from './pdf-text-lines.ts';

type Spec = { text: string; x?: number; y: number };
function page(number: number, specs: Spec[]): PdfPageLines {
  const lines: PdfLine[] = specs.map((spec) => ({ text: spec.text, x: spec.x ?? 72, y: spec.y, endX: (spec.x ?? 72) + 200, size: 10, font: 'regular', monospace: false }));
  return { page: number, lines, top: 792, bottom: 0 };
}
/** One column of lines from y=700 down, 13 pt apart. */
const column = (texts: string[], x = 72, top = 700): Spec[] => texts.map((text, i) => ({ text, x, y: top - i * 13 }));
const texts = (pages: PdfPageLines[]) => pdfBlocks(pages).map((block) => block.text);

describe('words hyphenated across lines', () => {
  it('are joined when the joined word is written elsewhere in the document, and keep their hyphen when it is not', () => {
    const out = texts([
      page(1, column(['As is well known, the appropriate tool is PostScript, which is appro-', 'priate here, and a well-', 'known Post-', 'Script printer is a Type-', 'Script tool.'])),
    ]);
    expect(out).toEqual(['As is well known, the appropriate tool is PostScript, which is appropriate here, and a well-known PostScript printer is a Type-Script tool.']);
  });

  it("are joined when neither half is a word of the document (a typesetter's break), not before a capital", () => {
    expect(texts([page(1, column(['The whole evalu-', 'ation took a day with the agent-', 'Built tool.']))])).toEqual(['The whole evaluation took a day with the agent-Built tool.']);
  });

  it('are joined across columns: the foot of the left column runs on at the head of the right one', () => {
    const left = column(['Two columns make a paper whose words are hyphenated at the appro-'], 72, 120);
    const right = column(['priate places, and the appropriate word is found.'], 320, 700);
    expect(texts([page(1, [...left, ...right])])).toEqual(['Two columns make a paper whose words are hyphenated at the appropriate places, and the appropriate word is found.']);
  });

  it('keeps a page break on its characters when a hyphen before it goes', () => {
    const blocks = pdfBlocks([page(1, column(['An evalu-', 'ation that runs on and on'])), page(2, column(['over the page.']))]);
    const block = blocks[0] as { text: string; pageBreaks?: { at: number; page: number }[] };
    expect(block.text).toBe('An evaluation that runs on and on over the page.');
    expect(block.text.slice(block.pageBreaks![0]!.at)).toBe('over the page.');
  });
});

describe('URLs broken across lines', () => {
  it('are joined without a space and keep their own hyphen, in prose and when the rest is set in a monospace face', () => {
    expect(texts([page(1, column(['See https://ctan.org/tex-', 'archive/macros for more.']))])).toEqual(['See https://ctan.org/tex-archive/macros for more.']);
    const mono = page(1, column(['The package is on CTAN, see https', '://ctan.org/pkg/hyphenat for the manual.']));
    mono.lines[1]!.monospace = true;
    expect(texts([mono])).toEqual(['The package is on CTAN, see https://ctan.org/pkg/hyphenat for the manual.']);
  });
});
