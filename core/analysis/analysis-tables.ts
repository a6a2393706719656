import type { AnalysisFigures, AnalysisTables, Leaderboard } from '../../schemas/analysis.ts';
import { ablationArmTable, ablationPairedTable, ablationPairsTable, ablationScoreTable, ablationTableStems, ablationUnpairedTable } from './ablation-tables.ts';
import { agreementMatrixTable, agreementRubricTable } from './agreement-tables.ts';
import { alignmentJudgesTable, alignmentPairTable, alignmentTitle, alignmentWinRateTable } from './alignment-tables.ts';
import { leaderboardTable, scaleTitle, tierSetTitle } from './leaderboard-tables.ts';
import { eloTable, pairwiseTable, passRateTable, winMatrixTable, winnerQualityTable, winRateTable } from './preference-tables.ts';
import { recoveryConfigurationTable, recoveryTypeTable } from './recovery-tables.ts';
import { revisionTable, turnTable } from './turn-tables.ts';

/** Every table of the report, from its figures: what the screen, the Markdown report and the dataset card print. */
export function analysisTables(figures: AnalysisFigures): AnalysisTables {
  const stems = ablationTableStems(figures.ablation.groups);
  return {
    leaderboards: leaderboardSections(figures.leaderboards),
    agreement: { byRubric: agreementRubricTable(figures.agreement), matrix: agreementMatrixTable(figures.agreement) },
    preference: {
      elo: eloTable(figures),
      pairwise: pairwiseTable(figures),
      winMatrix: winMatrixTable(figures),
      winnerQuality: winnerQualityTable(figures),
      passRates: passRateTable(figures),
      winRates: winRateTable(figures),
    },
    alignment: figures.alignment.groups.map((group) => ({
      tier: group.tier,
      title: alignmentTitle(group),
      judges: alignmentJudgesTable(group),
      winRates: alignmentWinRateTable(group),
      pairs: alignmentPairTable(group),
    })),
    recovery: { byType: recoveryTypeTable(figures.recovery), byConfiguration: recoveryConfigurationTable(figures.recovery) },
    ablation: figures.ablation.groups.map((group, i) => ({
      title: group.label,
      arms: ablationArmTable(group, stems[i]!),
      scores: ablationScoreTable(group, stems[i]!),
      paired: ablationPairedTable(group, stems[i]!),
      pairs: ablationPairsTable(group, stems[i]!),
      unpaired: ablationUnpairedTable(group, stems[i]!),
    })),
    turns: { byTurn: turnTable(figures.turns), revisions: revisionTable(figures.turns) },
  };
}

/** The leaderboards as the method reports them: a section per tier and set version, its 3- and 5-point tables side by side (figures come sorted so). */
function leaderboardSections(boards: readonly Leaderboard[]): AnalysisTables['leaderboards'] {
  const sections: AnalysisTables['leaderboards'] = [];
  for (const board of boards) {
    const title = tierSetTitle(board);
    const last = sections.at(-1);
    const entry = { scale: board.scale, title: scaleTitle(board.scale), table: leaderboardTable(board) };
    if (last && last.tier === board.tier && last.title === title) last.boards.push(entry);
    else sections.push({ tier: board.tier, title, boards: [entry] });
  }
  return sections;
}
