import { describe, expect, it } from 'vitest';
import { runsAddress, runsAddressTerms } from './runs-address.ts';

describe('the Runs table in the address', () => {
  it('writes the filters in the CLI’s words and reads them back', () => {
    const address = runsAddress({ task: 'demo task', study: 'ab12', score: '3..', won: '2', sort: 'score:desc', 'error-type': 'build' });
    expect(address).toBe('#/runs?task=demo+task&study=ab12&error-type=build&score=3..&won=2&sort=score%3Adesc');
    expect(runsAddressTerms(address)).toEqual({ task: 'demo task', study: 'ab12', 'error-type': 'build', score: '3..', won: '2', sort: 'score:desc' });
  });

  it('leaves out what it cannot read, and says when the address holds no filters', () => {
    expect(runsAddress({ score: '5..2', status: 'failed' })).toBe('#/runs?status=failed');
    expect(runsAddress({})).toBe('#/runs');
    expect(runsAddressTerms('#/runs')).toBeUndefined();
    expect(runsAddressTerms('#/runs?nonsense=1')).toEqual({});
  });
});
