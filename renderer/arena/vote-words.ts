import type { ArenaProgress, ArenaStudy, VoteChoice } from '../../schemas/arena.ts';

export const CHOICE_WORDS: Readonly<Record<VoteChoice, string>> = {
  left: 'Preferred left',
  right: 'Preferred right',
  tie: 'Tie',
  'both-bad': 'Both bad',
};

/** The choice buttons' labels, in the order they appear. */
export const CHOICE_LABELS: readonly { choice: VoteChoice; label: string }[] = [
  { choice: 'left', label: 'I prefer Left' },
  { choice: 'right', label: 'I prefer Right' },
  { choice: 'tie', label: 'Tie' },
  { choice: 'both-bad', label: 'Both bad' },
];

/** "12 of 40 pairs". */
export function progressText(progress: ArenaProgress): string {
  return `${progress.done} of ${progress.total} ${progress.total === 1 ? 'pair' : 'pairs'}`;
}

/** 12345 ms → "12.3 s"; whole seconds from a minute up ("75 s"). */
export function secondsText(ms: number): string {
  const seconds = ms / 1000;
  return seconds >= 60 ? `${Math.round(seconds)} s` : `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
}

/** p-values as people read them: "p < 0.001", else two significant digits ("p = 0.042"). */
export function pValueText(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  if (p >= 0.995) return 'p = 1.00';
  return `p = ${Number(p.toPrecision(2)).toString()}`;
}

export interface PositionBiasReading {
  /** "Left chosen in 54% of 50 left-or-right choices". */
  rate: string;
  p: string;
  verdict: string;
}

/** The position-bias line of the study panel, with its plain-words reading at α = 0.05. */
export function readPositionBias(position: ArenaStudy['position']): PositionBiasReading {
  const decided = position.left + position.right;
  if (position.leftRate === null || position.pValue === null || decided === 0) {
    return { rate: 'No left-or-right choices yet', p: '', verdict: 'Position bias is measured once voters prefer a side.' };
  }
  const percent = Math.round(position.leftRate * 1000) / 10;
  return {
    rate: `Left chosen in ${percent}% of ${decided} left-or-right ${decided === 1 ? 'choice' : 'choices'}`,
    p: pValueText(position.pValue),
    verdict:
      position.pValue >= 0.05
        ? 'No sign of position bias: this split is what chance alone gives often enough.'
        : `Possible position bias: voters pick the ${position.leftRate > 0.5 ? 'left' : 'right'} side more often than chance would explain.`,
  };
}
