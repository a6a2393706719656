/**
 * An endpoint under a judge's base URL. `version` is the API's version segment (Anthropic `v1`,
 * Gemini `v1beta`): users paste base URLs both with and without it (`https://api.anthropic.com`
 * and `https://api.anthropic.com/v1`), so it is added only when the base does not end with it.
 * OpenAI-compatible bases carry their own prefix (`…/v1`, Ollama's `…:11434/v1`): pass null.
 */
export function apiUrl(baseUrl: string, version: string | null, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  const prefix = version === null || base.endsWith(`/${version}`) ? base : `${base}/${version}`;
  return `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}
