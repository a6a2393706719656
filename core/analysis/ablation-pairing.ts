import type { UnpairedReason } from '../../schemas/analysis.ts';
import type { AblationRun } from './ablation-data.ts';

export interface ArmPairing {
  /** In (study id, task, repeat) order, so the paired bootstrap draws the same pairs whatever order the runs were stored in. */
  pairs: { treated: AblationRun; control: AblationRun }[];
  /** Every other run of the two arms (cancelled ones included), with why. */
  unpaired: { run: AblationRun; reason: UnpairedReason }[];
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** Where a run pairs: its study, task and repeat; runs no study executed share one slot per task. */
const slotOf = (run: AblationRun) => JSON.stringify([run.study?.id ?? null, run.task, run.repeat]);

/**
 * Pairs the runs of one arm (`treated`) with the reference arm's (`control`): two runs pair when
 * they were executed by the same study, on the same task, as the same repeat of that study, and
 * each is its arm's only counted run there. Repeats are never matched across studies (a study's
 * repeat 2 and another's repeat 1 are not the same trial) nor among runs no study executed
 * (imported bundles and ATIF runs carry no repeat; a run imported with its study's record, by
 * `lhb import hf`, has that study's repeat and pairs within it). Runs no study executed pair
 * with each other only on a task where each arm has exactly one of them (the demo's runs, one per
 * task and arm); with more, nothing says which goes with which. Cancelled runs pair with nothing.
 */
export function pairArms(treated: readonly AblationRun[], control: readonly AblationRun[]): ArmPairing {
  const bySlot = (runs: readonly AblationRun[], cancelled: boolean) => {
    const slots = new Map<string, AblationRun[]>();
    for (const run of runs) {
      const slot = slotOf(run);
      if (run.cancelled !== cancelled) continue;
      slots.set(slot, [...(slots.get(slot) ?? []), run]);
    }
    return slots;
  };
  const sides = [
    { runs: treated, counted: bySlot(treated, false), cancelled: bySlot(treated, true) },
    { runs: control, counted: bySlot(control, false), cancelled: bySlot(control, true) },
  ] as const;
  const pairs: ArmPairing['pairs'] = [];
  const unpaired: ArmPairing['unpaired'] = [];
  sides.forEach((side, s) => {
    const other = sides[1 - s]!;
    for (const run of side.runs) {
      const slot = slotOf(run);
      if (run.cancelled) unpaired.push({ run, reason: 'cancelled' });
      else {
        const mine = side.counted.get(slot)!.length;
        const theirs = other.counted.get(slot)?.length ?? 0;
        if (mine > 1 || theirs > 1) unpaired.push({ run, reason: run.study === null ? 'not-from-a-study' : 'several-runs' });
        else if (theirs === 1) {
          if (s === 0) pairs.push({ treated: run, control: other.counted.get(slot)![0]! });
        } else unpaired.push({ run, reason: other.cancelled.has(slot) ? 'counterpart-cancelled' : 'no-counterpart' });
      }
    }
  });
  const slotOrder = (x: AblationRun, y: AblationRun) =>
    byText(x.study?.id ?? '\uffff', y.study?.id ?? '\uffff') || byText(x.task, y.task) || (x.repeat ?? -1) - (y.repeat ?? -1) || byText(x.skill, y.skill) || byText(x.id, y.id);
  pairs.sort((x, y) => slotOrder(x.treated, y.treated));
  unpaired.sort((x, y) => slotOrder(x.run, y.run));
  return { pairs, unpaired };
}
