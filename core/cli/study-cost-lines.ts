import type { StudyCost } from '../../schemas/model-prices.ts';
import { tokensLine } from '../../schemas/tokens-line.ts';
import { totalLine } from '../../schemas/cost-line.ts';

const versionsOf = (versions: Record<string, string>): string => {
  const named = Object.entries(versions).map(([name, version]) => `${name} ${version}`);
  return named.length > 0 ? ` (${named.join(', ')})` : '';
};

/** A study's cost as `lhb runs status STUDY` ends with it: per configuration, per judge, and the total. */
export function studyCostLines(cost: StudyCost): string[] {
  const lines = [`Cost (prices of ${cost.pricesCheckedOn} and this workspace's own; a harness's own figure where it reported one):`];
  for (const configuration of cost.configurations) {
    lines.push(`  ${configuration.harness}/${configuration.model}${versionsOf(configuration.versions)}: ${totalLine(configuration, 'run')} over ${configuration.items} run${configuration.items === 1 ? '' : 's'}; ${tokensLine(configuration.tokens)}`);
  }
  for (const judge of cost.byJudge) {
    lines.push(`  judge ${judge.judge} (${judge.model}): ${totalLine(judge, 'reply')} over ${judge.items} repl${judge.items === 1 ? 'y' : 'ies'}; ${tokensLine(judge.tokens)}`);
  }
  lines.push(`  agents ${totalLine(cost.agents, 'run')}; judges ${totalLine(cost.judges, 'reply')}`);
  lines.push(`  total ${totalLine(cost.total, 'item')}`);
  return lines;
}
