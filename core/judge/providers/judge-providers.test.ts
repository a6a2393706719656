import { describe, expect, it } from 'vitest';
import { JUDGE_PROVIDER_IDS } from '../../../schemas/judge-provider-ids.ts';
import { JudgeProviderIdSchema } from '../../../schemas/judge.ts';
import { JUDGE_PROVIDERS, judgeProviderListings } from './judge-providers.ts';

describe('the judge providers', () => {
  it('are the schema\'s names, each with one entry', () => {
    expect(Object.keys(JUDGE_PROVIDERS)).toEqual([...JUDGE_PROVIDER_IDS]);
    expect(JudgeProviderIdSchema.options).toEqual([...JUDGE_PROVIDER_IDS]);
  });

  it('are listed, in the schema\'s order, with the API each speaks, a base URL of its own service and its key variable', () => {
    const listings = judgeProviderListings();
    expect(listings.map((listing) => listing.provider)).toEqual([...JUDGE_PROVIDER_IDS]);
    for (const listing of listings) {
      const entry = JUDGE_PROVIDERS[listing.provider];
      expect(listing).toEqual({ provider: listing.provider, api: entry.api.name, baseUrl: entry.baseUrl, apiKeyEnv: entry.apiKeyEnv });
      expect(new URL(listing.baseUrl).protocol).toBe('https:');
      expect(listing.apiKeyEnv).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });
});
