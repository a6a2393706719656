// Generates datasets/demo/sources/dashboard-review.pdf, the demo data room's PDF source, from
// the text below (written for this project). Run: npx tsx datasets/demo/make-demo-pdf.ts
//
// The layout is deliberate, because tests and the annotator tour rely on it: headings in larger
// bold type (and one level in bold at body size), words hyphenated at line ends, a bulleted list
// whose items become Markdown lines 11-15, a paragraph that runs on across a page break, and a
// running footer on every page that ingestion must drop.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

type Block =
  | { kind: 'h1' | 'h2' | 'h3'; text: string }
  | { kind: 'p'; lines: string[] }
  | { kind: 'li'; text: string }
  | { kind: 'page' };

const TITLE = 'Reviewing an agent-built operations dashboard';

const CONTENT: Block[] = [
  { kind: 'h1', text: TITLE },
  {
    kind: 'p',
    lines: [
      'This report records how three reviewers judged a dashboard that a coding agent',
      'built from the operations brief. It is demo material for LH-Bench Studio:',
      'annotators cite its lines when they plan what a judge should check.',
    ],
  },
  { kind: 'h2', text: 'Method' },
  {
    kind: 'p',
    lines: [
      'Each reviewer opened the build on a laptop, worked through the three views',
      'the brief requires, and wrote down every point where the dash-',
      'board disagreed with the brief. The whole evalu-',
      'ation took about forty minutes per reviewer.',
    ],
  },
  { kind: 'p', lines: ['Five questions guided every review:'] },
  { kind: 'li', text: 'Does every number carry a label that says what it counts?' },
  { kind: 'li', text: 'Do the regional totals add up to the weekly total?' },
  { kind: 'li', text: 'Is the current, partial week marked as partial?' },
  { kind: 'li', text: 'Does each empty or failed panel say what happened?' },
  { kind: 'li', text: 'Can the charts be read without relying on colour alone?' },
  { kind: 'h3', text: 'Sample data' },
  {
    kind: 'p',
    lines: [
      'The build was tested on the sample order file supplied with the brief,',
      'covering twelve weeks of orders across five regions. No reviewer changed',
      'the data; where a view looked wrong, the reviewer checked the raw rows',
      'before writing the finding down, so that each finding could be traced',
    ],
  },
  { kind: 'page' },
  {
    kind: 'p',
    lines: ['back to specific orders rather than to an impression of the chart.'],
  },
  { kind: 'h2', text: 'Findings' },
  { kind: 'h3', text: 'Weekly trend' },
  {
    kind: 'p',
    lines: [
      'The weekly trend rendered quickly and marked the current week as partial,',
      'as the brief asks. Two reviewers noted that the partial week used the same',
      'bar colour as complete weeks; only a thin outline set it apart, which is',
      'easy to miss on a projector.',
    ],
  },
  { kind: 'h3', text: 'Regional breakdown' },
  {
    kind: 'p',
    lines: [
      'Regions were sorted from largest to smallest. The totals, however, did not',
      'match the weekly view: orders without a region were dropped from the break-',
      'down but counted in the trend. Nothing on the screen hinted at the gap, so',
      'a reader would trust both numbers.',
    ],
  },
  { kind: 'h3', text: 'Slowest shipments' },
  {
    kind: 'p',
    lines: [
      'The table listed ten shipments with order id, region and days in transit.',
      'Sorting worked, but the days column was right-aligned only in some rows,',
      'which made the longest delays harder to compare at a glance.',
    ],
  },
  { kind: 'page' },
  { kind: 'h2', text: 'Verdict' },
  {
    kind: 'p',
    lines: [
      'All three reviewers rated the build usable but not ready. The missing',
      'region bucket is the one finding that changes a decision: a team that',
      'reads the regional view would under-count its busiest week. The other',
      'findings cost readers time but do not mislead them.',
    ],
  },
  { kind: 'h2', text: 'What a judge should check' },
  {
    kind: 'p',
    lines: [
      'A judge scoring a new build against this brief should look first at',
      'whether the views agree with each other, then at labels, and only then',
      'at styling. A build that looks polished but whose numbers disagree',
      'should score below a plain build whose numbers are consistent.',
    ],
  },
  { kind: 'h3', text: 'Notes for annotators' },
  {
    kind: 'p',
    lines: [
      "Cite the finding, not the reviewer's opinion of it. When a chapter plan",
      'asks the agent to reconcile totals, the citation should point at the',
      'regional breakdown paragraph above, because it states both the symptom',
      "and its cause in the reviewer's own words.",
    ],
  },
];

const PAGE = { width: 612, height: 792, margin: 72 };
const BODY_SIZE = 11;
const LEADING = 15;
const SIZES = { h1: 20, h2: 14, h3: BODY_SIZE };
/** Fixed so that regenerating the file gives the same bytes (and the same SHA-256). */
const FIXED_DATE = new Date('2025-01-15T09:00:00Z');

export async function makeDemoPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(TITLE);
  pdf.setAuthor('LH-Bench Studio demo');
  pdf.setProducer('LH-Bench Studio datasets/demo/make-demo-pdf.ts');
  pdf.setCreator('LH-Bench Studio');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages: PDFPage[] = [];
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  pages.push(page);
  let y = PAGE.height - PAGE.margin;
  const draw = (text: string, size: number, font: PDFFont, x = PAGE.margin) => page.drawText(text, { x, y, size, font });
  for (const block of CONTENT) {
    if (block.kind === 'page') {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      pages.push(page);
      y = PAGE.height - PAGE.margin;
      continue;
    }
    if (block.kind === 'h1' || block.kind === 'h2' || block.kind === 'h3') {
      const size = SIZES[block.kind];
      if (y < PAGE.height - PAGE.margin) y -= size; // space above a heading, except at the top of a page
      draw(block.text, size, bold);
      y -= size + 10;
      continue;
    }
    if (block.kind === 'li') {
      draw('\u2022', BODY_SIZE, regular);
      draw(block.text, BODY_SIZE, regular, PAGE.margin + 14);
      y -= LEADING;
      continue;
    }
    if (block.kind !== 'p') continue; // narrows for the compiler: headings and list items were drawn above
    for (const line of block.lines) {
      draw(line, BODY_SIZE, regular);
      y -= LEADING;
    }
    y -= 8; // paragraph spacing
  }
  pages.forEach((p, index) => {
    const footer = `${TITLE} \u00B7 page ${index + 1} of ${pages.length}`;
    p.drawText(footer, { x: PAGE.margin, y: 40, size: 8, font: regular });
  });
  return pdf.save({ useObjectStreams: false });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = fileURLToPath(new URL('./sources/dashboard-review.pdf', import.meta.url));
  writeFileSync(target, await makeDemoPdf());
  process.stdout.write(`Wrote ${target}\n`);
}
