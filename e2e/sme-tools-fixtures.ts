import { PDFDocument, StandardFonts } from 'pdf-lib';

const WORDS = 'evidence chapter source quote reviewer section appendix clause figure method sample measure report author editor draft table notes claim reason'.split(' ');

/** A deterministic sentence: the same document every run, with sentences of different lengths. */
function sentence(seed: number): string {
  const length = 6 + ((seed * 7) % 13);
  const words = Array.from({ length }, (_, i) => WORDS[(seed * 31 + i * 17) % WORDS.length]!);
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

export interface LongPdf {
  bytes: Uint8Array;
  /** How many paragraphs carry the find word. */
  findWordCount: number;
  findWord: string;
  /** A phrase found only in one paragraph deep in the document. */
  deepPhrase: string;
  pageCount: number;
}

/**
 * A long PDF whose paragraphs have very different lengths, so once normalised (one paragraph per
 * line, or a sentence per line) the viewer's rows wrap to very different heights: the case where
 * jumping to a line by estimated row heights lands off target.
 */
export async function writeLongPdf(): Promise<LongPdf> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Long Field Guide');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const findWord = 'zephyrine';
  const deepPhrase = 'anchorage clause of the ninth survey';
  let page = pdf.addPage([612, 792]);
  let pages = 1;
  let y = 730;
  const newPageIfBelow = (limit: number) => {
    if (y >= limit) return;
    page = pdf.addPage([612, 792]);
    pages++;
    y = 730;
  };
  const wrap = (text: string, size: number) => {
    const out: string[] = [];
    let current = '';
    for (const word of text.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > 460 && current) {
        out.push(current);
        current = word;
      } else current = next;
    }
    if (current) out.push(current);
    return out;
  };
  let paragraph = 0;
  let finds = 0;
  for (let section = 1; section <= 24; section++) {
    newPageIfBelow(160);
    page.drawText(`Part ${section} Survey notes`, { x: 72, y, size: 16, font: bold });
    y -= 36;
    for (let p = 0; p < 10; p++) {
      paragraph++;
      const sentences = 1 + ((paragraph * 5) % 9);
      let text = Array.from({ length: sentences }, (_, i) => sentence(paragraph * 11 + i)).join(' ');
      if (paragraph % 20 === 7) {
        text = `${text} The ${findWord} marker ${paragraph} is here.`;
        finds++;
      }
      if (paragraph === 205) text = `${text} See the ${deepPhrase} for the record.`;
      for (const line of wrap(text, 11)) {
        newPageIfBelow(80);
        page.drawText(line, { x: 72, y, size: 11, font: regular });
        y -= 14;
      }
      y -= 12;
    }
  }
  return { bytes: await pdf.save(), findWordCount: finds, findWord, deepPhrase, pageCount: pages };
}
