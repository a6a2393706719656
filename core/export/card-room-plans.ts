import { formatCountOf, formatDecimal } from '../../schemas/format-number.ts';
import type { PlanAgreement } from '../../schemas/gold-plan.ts';
import { markdownTable } from '../../schemas/table-markdown.ts';
import type { GoldOrigin } from '../annotate/gold-origins.ts';

/** What the card says of one data room's plans: the agreement between each pair, and where the gold plan's items came from. */
export interface RoomPlanFigures {
  agreement: PlanAgreement;
  goldOrigins: GoldOrigin[];
}

type Plan = { annotator: string | null; gold: boolean };

/** The mean of a pair's per-chapter figure over the chapter pairs either plan cites in (a chapter pair citing nothing has none). */
function perChapterMean(chapters: PlanAgreement['pairs'][number]['chapters'], key: 'jaccard' | 'dice'): number | null {
  const values = chapters.map((chapter) => chapter.agreement[key]).filter((value): value is number => value !== null);
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);
const figure = (value: number | null) => formatDecimal(value, 2, 'No chapter pair cites anything').text;

/** A table whose first `words` columns are words (aligned left) and the rest numbers (aligned right). */
function table(words: number, header: readonly string[], rows: readonly (readonly string[])[]): string {
  return markdownTable({ columns: header.map((text, i) => ({ header: text, align: i < words ? 'left' : 'right' })), rows: rows.map((row) => row.map((text) => ({ text }))) });
}

/**
 * The card's section on the rooms' chapter plans: per room with two plans or more, the line-span
 * agreement of each pair of plans (each chapter pair's Jaccard and Dice, averaged over the chapter
 * pairs either plan cites in), the room's mean over pairs of annotators' plans, and how many gold
 * items came from each plan. Names go through `annotatorName`, so a pseudonymised export names nobody.
 */
export function roomPlansSection(rooms: readonly RoomPlanFigures[], annotatorName: (name: string) => string): string[] {
  const shown = rooms.filter((room) => room.agreement.plans.length >= 2);
  if (shown.length === 0) return [];
  const label = (plan: Plan) => (plan.gold ? 'Gold plan' : plan.annotator === null ? 'Workspace owner' : annotatorName(plan.annotator));
  const out = [
    '## Chapter plans and their agreement\n',
    "Each SME writes their own plan of a data room (the `chapters` subset's `plan` and `annotator`), and a curator settles them into the room's gold plan, each gold item recording where it came from (`provenance`). " +
      'Agreement between two plans is line-span agreement of their citations per chapter pair (chapters pair by title, then by place; a line agrees when both plans cite it in paired chapters): ' +
      "Jaccard (lines both cite ÷ lines either cites) and Dice, each averaged over the chapter pairs either plan cites in. The room's figure is the mean over pairs of annotators' plans, the gold plan left out.\n",
  ];
  for (const { agreement, goldOrigins } of shown) {
    out.push(`### ${agreement.dataRoom.title.replace(/\s+/g, ' ')}\n`);
    const annotatorPairs = agreement.pairs.filter((pair) => !pair.a.gold && !pair.b.gold);
    const pairMeans = annotatorPairs.map((pair) => ({ jaccard: perChapterMean(pair.chapters, 'jaccard'), dice: perChapterMean(pair.chapters, 'dice') }));
    const scored = pairMeans.filter((pair) => pair.jaccard !== null);
    out.push(
      scored.length === 0
        ? "Room agreement: none, since fewer than two of its annotators' plans cite anything.\n"
        : `Room agreement: Jaccard ${figure(mean(scored.map((p) => p.jaccard!)))}, Dice ${figure(mean(scored.map((p) => p.dice!)))} (mean over ${formatCountOf(scored.length, "pair")} of annotators' plans).\n`,
    );
    out.push(
      table(
        2,
        ['Plan A', 'Plan B', 'Chapter pairs citing', 'Jaccard (mean per chapter)', 'Dice (mean per chapter)'],
        agreement.pairs.map((pair) => [
          label(pair.a),
          label(pair.b),
          String(pair.chapters.filter((chapter) => chapter.agreement.jaccard !== null).length),
          figure(perChapterMean(pair.chapters, 'jaccard')),
          figure(perChapterMean(pair.chapters, 'dice')),
        ]),
      ),
    );
    if (goldOrigins.length === 0) {
      out.push('Nothing of these plans is in a gold plan yet.\n');
      continue;
    }
    out.push('Where the gold plan\'s items came from (as the gold plan is now; items the curator dropped count for nobody):\n');
    out.push(
      table(
        1,
        ['Plan', 'Gold chapters', 'Gold citations', 'Notes taken', 'Of these, edited by the curator'],
        goldOrigins.map((origin) => [label({ annotator: origin.annotator, gold: false }), String(origin.chapters), String(origin.citations), String(origin.notes), String(origin.edited)]),
      ),
    );
  }
  return out;
}
