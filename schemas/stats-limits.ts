// Bounds of `lhb stats` inputs that a reader other than zod also checks (the plain reader of
// `lhb stats bt` in core/cli), kept here so both say the same; this file imports nothing, so
// reading it does not load zod.

/** The most bootstrap rounds `lhb stats bt` takes. */
export const MAX_BOOTSTRAP_ROUNDS = 100_000;
