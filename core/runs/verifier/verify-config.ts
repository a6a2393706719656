import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/**
 * `<run folder>/verifier/verify.json`, written by the engine before the harness starts and read
 * each time the agent's app is checked: which routes to capture and how long a build may take.
 * The verifier keeps its state, lock, frames and findings log beside it, in a folder of the
 * engine's that the run's sandbox does not show (the agent asks for a check through the engine's
 * verifier service and never writes a result itself).
 */
export const VerifyConfigSchema = z
  .object({
    /** The task's frames (a Figma task's target routes); a programmatic task checks `/` only. */
    frames: z
      .array(
        z
          .object({
            nodeId: z.string().min(1),
            targetRoute: z.string().min(1),
            viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).strict().optional(),
          })
          .strict(),
      )
      .min(1),
    /** The Chromium binary the engine found (the hook's environment does not carry LHB_CHROMIUM). */
    chromiumPath: z.string().min(1).optional(),
    /** How long `npm run build` may take before it is stopped and reported. */
    buildTimeoutSeconds: z.number().int().min(1).max(3600).default(180),
  })
  .strict();
export type VerifyConfig = z.infer<typeof VerifyConfigSchema>;
export type VerifyConfigInput = z.input<typeof VerifyConfigSchema>;

export const VERIFY_CONFIG_FILE = 'verify.json';
/** One JSON line per verification that ran (skipped ones are not logged). */
export const VERIFIER_FINDINGS_FILE = 'verifier-findings.jsonl';

/** The engine's verifier folder inside a run folder. */
export const VERIFIER_DIR = 'verifier';

/** The verifier folder of a run folder (`<run>/verifier`). */
export function verifierFolderOfRun(runFolder: string): string {
  return join(runFolder, VERIFIER_DIR);
}

/** The verifier folder for a working folder (`<run>/work`): its parent's, as the engine lays runs out. */
export function verifierFolderOf(workdir: string): string {
  return verifierFolderOfRun(dirname(workdir));
}

/** Writes verify.json into `folder` (a run's verifier folder, made when missing). */
export function writeVerifyConfig(folder: string, config: VerifyConfigInput): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, VERIFY_CONFIG_FILE), `${JSON.stringify(VerifyConfigSchema.parse(config), null, 2)}\n`);
}

/** The run's verify.json, or undefined when there is none (a folder checked by hand). Throws naming the file when it is malformed. */
export function readVerifyConfig(folder: string): VerifyConfig | undefined {
  const file = join(folder, VERIFY_CONFIG_FILE);
  if (!existsSync(file)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message}). It is written by the run engine; start the run again to rewrite it.`, { cause: error });
  }
  const parsed = VerifyConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`${file}: ${describeZodIssues(parsed.error, '(root)', 1)}. It is written by the run engine; start the run again to rewrite it.`);
  }
  return parsed.data;
}
