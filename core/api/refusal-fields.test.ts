import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LhbError } from '../../schemas/lhb-error.ts';
import type { Api } from './create-api.ts';
import { openApi } from './open-api.ts';

// The forms beside New study place a refusal by the input field it names (the Judge runs form, Invite links).

let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-refusal-fields-'));
  api = await openApi(join(dir, 'ws'));
});

afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const refusalOf = (call: Promise<unknown>) => call.then(() => undefined, (error: unknown) => error);
const judge = { name: 'j', provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeyEnv: 'LHB_TEST_REFUSAL_FIELDS_KEY' } as const;

describe('refusals name the field a form places them by', () => {
  it('judge.start names rubricSets for a set that is not stored (by version or by name) or one named twice', async () => {
    for (const rubricSets of [['nope@v1'], ['nope'], ['figma-output@v1', 'figma-output@v1']]) {
      const refused = await refusalOf(api.call('judge.start', { judges: [judge], tier: 'output', scale: 5, rubricSets }));
      expect(refused, rubricSets.join()).toBeInstanceOf(LhbError);
      expect(refused, rubricSets.join()).toMatchObject({ code: expect.stringMatching(/bad_request|not_found/), field: 'rubricSets', message: expect.stringContaining('Nothing was judged.') });
    }
  });

  it('arena.invite names the name when it is a synthetic annotator', async () => {
    const refused = await refusalOf(api.call('arena.invite', { name: 'Synthetic expert 1', expiresInDays: 7 }));
    expect(refused).toMatchObject({ code: 'conflict', field: 'name', message: expect.stringContaining('cannot be invited') });
  });
});
