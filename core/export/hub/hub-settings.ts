import { LhbError } from '../../../schemas/lhb-error.ts';

export const DEFAULT_HUB_URL = 'https://huggingface.co';

/**
 * Where this server pushes datasets and the environment its token is read from: the server's
 * own settings (`lhb serve --hub-url`, else `LHB_HUB_URL`, else the Hub itself), never a caller's,
 * so no caller can send the server's token to an address of its choosing.
 */
export interface HubSettings {
  url: string;
  /** Whence `url` came, to name in a refusal of it (`--hub-url`, `the LHB_HUB_URL variable`). */
  urlSource: string;
  env: NodeJS.ProcessEnv;
}

export function hubSettingsOf(env: NodeJS.ProcessEnv = process.env): HubSettings {
  const fromEnv = env.LHB_HUB_URL?.trim();
  return fromEnv ? { url: fromEnv, urlSource: 'the LHB_HUB_URL variable', env } : { url: DEFAULT_HUB_URL, urlSource: 'the default', env };
}

/** The address as the Hub client takes it (no trailing slash), or a refusal naming where it came from. */
export function checkedHubUrl(url: string, source: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.search || parsed.hash) {
    throw new LhbError('bad_request', `The Hub address ${JSON.stringify(url)} from ${source} is not an http(s) address like ${DEFAULT_HUB_URL}. Nothing was sent.`, { field: 'hubUrl' });
  }
  return parsed.href.replace(/\/+$/, '');
}
