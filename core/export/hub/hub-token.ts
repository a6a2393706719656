import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LhbError } from '../../../schemas/lhb-error.ts';

/** A Hub token and where it came from (said in messages; the token itself never is). */
export interface HubToken {
  token: string;
  source: string;
}

/**
 * The token the Hub's own tools use, looked up in their order: `HF_TOKEN`, then the older
 * `HUGGING_FACE_HUB_TOKEN`, then the file `hf auth login` writes (`$HF_TOKEN_PATH`, else `$HF_HOME/token`, by
 * default `~/.cache/huggingface/token`). An empty variable counts as unset, as it does for them.
 */
export function findHubToken(env: NodeJS.ProcessEnv = process.env, { serverRunning = false }: { serverRunning?: boolean } = {}): HubToken {
  for (const name of ['HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN']) {
    const value = env[name]?.trim();
    if (value) return checked({ token: value, source: `the ${name} variable` });
  }
  const file = env.HF_TOKEN_PATH || join(env.HF_HOME || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'huggingface'), 'token');
  const fromFile = readTokenFile(file);
  if (fromFile) return checked({ token: fromFile, source: file });
  throw new LhbError(
    'unauthorized',
    serverRunning
      ? // A running server's environment is fixed, but the token file is read at each push: logging in needs no restart.
        `No Hugging Face token on the machine running the app: log in there with \`hf auth login\` (the Hub's command-line tool), which writes ${file} and needs no restart; or start the app with HF_TOKEN set to a token with write access (https://huggingface.co/settings/tokens). Nothing was sent.`
      : `No Hugging Face token: set HF_TOKEN to a token with write access (https://huggingface.co/settings/tokens), or log in with \`hf auth login\`, which writes ${file}. Nothing was sent.`,
    { field: 'token' },
  );
}

function readTokenFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The Hub's tokens start with `hf_`; the client library refuses others with a bare TypeError, so say which token it was here. */
function checked(found: HubToken): HubToken {
  if (found.token.startsWith('hf_')) return found;
  throw new LhbError('unauthorized', `The token in ${found.source} does not look like a Hugging Face token (they start with hf_): create one at https://huggingface.co/settings/tokens. Nothing was sent.`, { field: 'token' });
}
