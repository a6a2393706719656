import type { TokenCounts } from './trajectory.ts';

const count = (n: number) => n.toLocaleString('en');

/**
 * "42 in / 200 out tokens (7,500 cache read, 7,000 cache write)": figures in full, cache figures
 * apart, as the CLI prints a run and the transcript its steps (figures a reader adds up, so never rounded).
 */
export function tokensLine(tokens: Pick<TokenCounts, 'input' | 'output'> & Partial<Pick<TokenCounts, 'cacheRead' | 'cacheWrite'>>): string {
  const cache = [tokens.cacheRead ? `${count(tokens.cacheRead)} cache read` : '', tokens.cacheWrite ? `${count(tokens.cacheWrite)} cache write` : ''].filter(Boolean);
  return `${count(tokens.input)} in / ${count(tokens.output)} out tokens${cache.length > 0 ? ` (${cache.join(', ')})` : ''}`;
}
