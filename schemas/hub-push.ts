import { z } from 'zod';
import { RpcErrorCodeSchema } from './errors.ts';

/**
 * A push of an export's folder to a dataset repository on the Hugging Face Hub (export.push).
 * The caller names the export job whose folder to send, never a path, and never the Hub's
 * address: the server pushes with its own token, to the address it was started with, so a
 * caller cannot send that token elsewhere.
 */
export const HubPushStartSchema = z
  .object({
    /** The export job (export.hf) whose finished folder to push. */
    exportJobId: z.string().min(1).max(100),
    /** `OWNER/NAME` of the dataset repository (created when missing). */
    repo: z.string().trim().min(1).max(200),
    /** Create the repository private; one that exists keeps its visibility. */
    private: z.boolean().default(false),
    /** The branch to commit to, created from main when missing; `main` when absent. */
    revision: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type HubPushStart = z.infer<typeof HubPushStartSchema>;

export const HubPushResultSchema = z.object({
  /** The dataset's page on the Hub. */
  url: z.string(),
  revision: z.string(),
  commitUrl: z.string(),
  createdRepo: z.boolean(),
  /** Card fields someone edited on the Hub that the push kept as they were there. */
  keptFromHub: z.array(z.string()),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().nonnegative(), lfs: z.boolean(), sent: z.boolean() })),
});
export type HubPushResult = z.infer<typeof HubPushResultSchema>;

/** Why a push job failed, as an RPC error is: a code and the field it concerns (`repo`, `revision`, `token`, `hubUrl`), so a screen places it. */
export const HubPushProblemSchema = z.object({ code: RpcErrorCodeSchema, message: z.string(), field: z.string().optional() });
export type HubPushProblem = z.infer<typeof HubPushProblemSchema>;

/** Where the server finds its Hub token and address, to tell a screen's user before they push (the token itself never leaves). */
export const HubPushSettingsSchema = z.object({
  hubUrl: z.string(),
  /** Where the token was found (`the HF_TOKEN variable`, a file's path); absent when there is none. */
  tokenSource: z.string().optional(),
  /** Why there is no usable token, when there is none. */
  tokenProblem: z.string().optional(),
});
export type HubPushSettings = z.infer<typeof HubPushSettingsSchema>;
