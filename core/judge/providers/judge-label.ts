import type { JudgeConfig } from '../../../schemas/judge.ts';

/** How messages name a judge: `Judge "gpt-4o" (openai, model gpt-4o-2024-08-06)`. Never the key or its value. */
export function judgeLabel(config: Pick<JudgeConfig, 'name' | 'provider' | 'model'>): string {
  return `Judge "${config.name}" (${config.provider}, model ${config.model})`;
}
