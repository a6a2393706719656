/**
 * Secret values this process holds that no export, report or log it writes may contain: the
 * server's launch token (core/server/http-server.ts remembers it when it starts). Values only,
 * kept in memory for the life of the process; nothing here is ever written anywhere.
 */
const remembered = new Set<string>();

/** Remembers a secret this process made or was given (a value, never a name). */
export function rememberSecret(value: string): void {
  if (value.length > 0) remembered.add(value);
}

/** The secrets remembered so far. */
export function rememberedSecrets(): string[] {
  return [...remembered];
}
