import { useEffect } from 'react';

/** The id of a transcript step's element, by its number from 1: where a search result opens a run. */
export function stepAnchor(step: number): string {
  return `transcript-step-${step}`;
}

/**
 * Brings the step a run was opened at into view and gives it focus, once the transcript is drawn
 * (after the dialog has placed its own focus, so the step keeps it).
 */
export function useFocusedStep(step: number | undefined): void {
  useEffect(() => {
    if (step === undefined) return;
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(stepAnchor(step));
      element?.scrollIntoView({ block: 'center' });
      element?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [step]);
}
