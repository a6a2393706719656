import { z } from 'zod';

/**
 * A multi-turn task's later turns (`turns` in task.json): revision requests sent, one after the
 * other, in the same work folder and the same harness session once the turn before ends. The
 * task's instruction is the first turn. `after: "succeeded"` (the default) sends a turn only when
 * the one before succeeded; `"any"` sends it whatever happened.
 */
export const TaskTurnSchema = z
  .object({
    prompt: z.string().min(1).max(100_000),
    after: z.enum(['succeeded', 'any']).default('succeeded'),
  })
  .strict();
export type TaskTurn = z.infer<typeof TaskTurnSchema>;

export const TaskTurnsSchema = z.array(TaskTurnSchema).max(50);
