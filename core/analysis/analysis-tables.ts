import type { AnalysisFigures, AnalysisTables } from '../../schemas/analysis.ts';
import { ablationArmTable, ablationPairedTable, ablationPairsTable, ablationScoreTable, ablationTableStems, ablationUnpairedTable } from './ablation-tables.ts';
import { agreementMatrixTable, agreementRubricTable } from './agreement-tables.ts';
import { alignmentTable, alignmentWinRateTable } from './alignment-tables.ts';
import { leaderboardTable, rubricTable, TIER_TITLES } from './leaderboard-tables.ts';
import { eloTable, pairwiseTable, passRateTable, winMatrixTable, winnerQualityTable, winRateTable } from './preference-tables.ts';
import { recoveryConfigurationTable, recoveryTypeTable } from './recovery-tables.ts';
import { revisionTable, turnTable } from './turn-tables.ts';

/** Every table of the report, from its figures: what the screen, the Markdown report and the dataset card print. */
export function analysisTables(figures: AnalysisFigures): AnalysisTables {
  const stems = ablationTableStems(figures.ablation.groups);
  return {
    leaderboards: figures.leaderboards.map((board) => ({ tier: board.tier, title: `${TIER_TITLES[board.tier]} tier`, ranking: leaderboardTable(board), byRubric: rubricTable(board) })),
    agreement: { byRubric: agreementRubricTable(figures.agreement), matrix: agreementMatrixTable(figures.agreement) },
    preference: {
      elo: eloTable(figures),
      pairwise: pairwiseTable(figures),
      winMatrix: winMatrixTable(figures),
      winnerQuality: winnerQualityTable(figures),
      passRates: passRateTable(figures),
      winRates: winRateTable(figures),
    },
    alignment: { judges: alignmentTable(figures.alignment), winRates: figures.alignment.judges.map(alignmentWinRateTable) },
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
