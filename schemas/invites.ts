import { z } from 'zod';

/**
 * Invite links for remote voters. A voter's token is shown once, when the invite is created; the
 * workspace keeps only its SHA-256. What a caller may do follows from the token it presents.
 */

export const InviteStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type InviteStatus = z.infer<typeof InviteStatusSchema>;

export const InviteSchema = z.object({
  id: z.string(),
  annotatorId: z.string(),
  annotatorName: z.string(),
  /** An SME's link to their own plan in this data room; null for an arena voter's link. */
  dataRoomId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The last request made with the link; null before its first use. */
  lastUsedAt: z.string().nullable(),
  status: InviteStatusSchema,
});
export type Invite = z.infer<typeof InviteSchema>;

/** Invite tokens carry this prefix; a launch token never does. */
export const INVITE_TOKEN_PREFIX = 'lhbv_';

/** Days an invite lasts unless told otherwise, and the longest allowed. */
export const DEFAULT_INVITE_DAYS = 14;
export const MAX_INVITE_DAYS = 365;

export const CreateInviteInputSchema = z
  .object({
    /** The annotator profile the link votes as; created when no profile has this name. */
    name: z.string().trim().min(1).max(100),
    expiresInDays: z.number().int().min(1).max(MAX_INVITE_DAYS).default(DEFAULT_INVITE_DAYS),
  })
  .strict();

export const CreatedInviteSchema = z.object({
  invite: InviteSchema,
  /** The link's secret, never shown again: the app's address + `#token=` + this. */
  token: z.string(),
});
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>;

/**
 * Who the caller is, as the server sees its token. A voter may only vote, as one annotator; an
 * annotator (an SME's plan link) may only work on their own plan in one data room.
 */
export const SessionSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('owner') }),
  z.object({ role: z.literal('voter'), annotatorId: z.string(), annotatorName: z.string(), expiresAt: z.string() }),
  z.object({ role: z.literal('annotator'), annotatorId: z.string(), annotatorName: z.string(), dataRoomId: z.string(), dataRoomTitle: z.string(), expiresAt: z.string() }),
]);
export type Session = z.infer<typeof SessionSchema>;
