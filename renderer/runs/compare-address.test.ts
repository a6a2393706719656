import { expect, it } from 'vitest';
import { compareAddress, compareAddressRuns, isCompareAddress } from './compare-address.ts';

it('an address names the two runs and reads back the same', () => {
  expect(compareAddress('run 1', 'b&2')).toBe('#/runs/compare?a=run+1&b=b%262');
  expect(compareAddressRuns(compareAddress('run 1', 'b&2'))).toEqual({ a: 'run 1', b: 'b&2' });
});

it('the Runs table and its filters are not the compare view; an address missing a run names none', () => {
  expect(compareAddressRuns('#/runs?task=x')).toBeUndefined();
  expect(isCompareAddress('#/runs?task=x')).toBe(false);
  expect(isCompareAddress('#/runs/compare?a=1')).toBe(true);
  expect(compareAddressRuns('#/runs/compare?a=1')).toBeUndefined();
});
