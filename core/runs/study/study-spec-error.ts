import { lhbErrorOfCode } from '../../../schemas/lhb-error.ts';
/** A study that cannot start as asked (a task, skill, harness, key or endpoint is wrong); nothing was recorded or run. */
export class StudySpecError extends lhbErrorOfCode('bad_request') {
  override name = 'StudySpecError';
}
