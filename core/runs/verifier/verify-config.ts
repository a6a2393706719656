import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/**
 * `<run folder>/verify.json`, written by the engine before the harness starts and read by
 * `lhb runs verify` each time it checks the agent's app: which routes to capture and how long a
 * build may take. The run folder is the parent of the agent's working folder (`work/`), and the
 * verifier keeps its state, lock and findings log beside this file.
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

/** The folder holding verify.json for a working folder: its parent, as the engine lays runs out. */
export function verifierFolderOf(workdir: string): string {
  return dirname(workdir);
}

export function writeVerifyConfig(folder: string, config: VerifyConfigInput): void {
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
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}. It is written by the run engine; start the run again to rewrite it.`);
  }
  return parsed.data;
}
