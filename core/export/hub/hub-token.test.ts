import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findHubToken } from './hub-token.ts';

const dir = mkdtempSync(join(tmpdir(), 'lhb-hub-token-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const home = (name: string, token?: string) => {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  if (token !== undefined) writeFileSync(join(folder, 'token'), token);
  return folder;
};

describe('findHubToken', () => {
  it('takes HF_TOKEN first, then HUGGING_FACE_HUB_TOKEN, then the token file, as the Hub’s tools do', () => {
    const withFile = home('with-file', 'hf_fromTheFile\n');
    expect(findHubToken({ HF_TOKEN: 'hf_fromTheVariable', HUGGING_FACE_HUB_TOKEN: 'hf_older', HF_HOME: withFile })).toEqual({ token: 'hf_fromTheVariable', source: 'the HF_TOKEN variable' });
    expect(findHubToken({ HF_TOKEN: ' ', HUGGING_FACE_HUB_TOKEN: 'hf_older', HF_HOME: withFile })).toEqual({ token: 'hf_older', source: 'the HUGGING_FACE_HUB_TOKEN variable' });
    expect(findHubToken({ HF_HOME: withFile })).toEqual({ token: 'hf_fromTheFile', source: join(withFile, 'token') });
    expect(findHubToken({ XDG_CACHE_HOME: dir, HF_TOKEN_PATH: join(withFile, 'token') }).token).toBe('hf_fromTheFile');
  });

  it('without one, names the variable and the file to use; a token of another kind is refused without being shown', () => {
    const empty = home('empty');
    expect(() => findHubToken({ HF_HOME: empty })).toThrow(`log in with \`hf auth login\`, which writes ${join(empty, 'token')}. Nothing was sent.`);
    expect(() => findHubToken({ HF_HOME: home('blank', '  \n') })).toThrow(/^No Hugging Face token: set HF_TOKEN/);
    let message = '';
    try {
      findHubToken({ HF_TOKEN: 'sk-secret-of-another-service' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('The token in the HF_TOKEN variable does not look like a Hugging Face token (they start with hf_): create one at https://huggingface.co/settings/tokens. Nothing was sent.');
  });
});
