import { z } from 'zod';
import { ENV_NAME_PATTERN } from './study-rules.ts';

/**
 * An environment variable's name, e.g. ANTHROPIC_API_KEY or OPENAI_API_KEY: how a study and a
 * judge name the key they use. Only the name is stored; the value is read when a run starts or
 * a request is made.
 */
export const EnvNameSchema = z.string().regex(ENV_NAME_PATTERN, 'an environment variable name like ANTHROPIC_API_KEY or OPENAI_API_KEY');
