/** A study that cannot start as asked (a task, skill, harness, key or endpoint is wrong); nothing was recorded or run. */
export class StudySpecError extends Error {
  override name = 'StudySpecError';
}
