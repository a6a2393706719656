import { describe, expect, it } from 'vitest';
import { checkCardLicense, closestHubLicenseIds, hubLicenseId } from './card-license.ts';
import { HUB_LICENSES } from './hub-licenses.ts';

const WORDS = { license: '--license', licenseName: '--license-name', licenseLink: '--license-link' };

describe('the card’s license', () => {
  it('takes the Hub’s ids in any case and writes them as the Hub spells them', () => {
    expect(hubLicenseId(' CC-BY-4.0 ')).toBe('cc-by-4.0');
    expect(checkCardLicense({ license: 'Apache-2.0' }, WORDS)).toEqual({ license: { id: 'apache-2.0' }, problems: [] });
    expect(checkCardLicense({}, WORDS).license).toEqual({ id: 'unknown' });
    // Lowercase and unique, so a case-insensitive match can only mean one id.
    const ids = HUB_LICENSES.map((license) => license.id);
    expect(new Set(ids.map((id) => id.toLowerCase())).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['apache-2.0', 'mit', 'cc-by-4.0', 'other', 'unknown']));
  });

  it('names the closest ids for a near miss: ids it begins first, then the fewest edits', () => {
    expect(closestHubLicenseIds('apache')[0]).toBe('apache-2.0');
    expect(closestHubLicenseIds('GPL-3.0-only')[0]).toBe('gpl-3.0');
    expect(closestHubLicenseIds('cc-by-sa-4')[0]).toBe('cc-by-sa-4.0');
  });

  it('takes a web address or the repository’s LICENSE file as the link of other, nothing else', () => {
    const other = (licenseLink: string) => checkCardLicense({ license: 'other', licenseName: 'my-license-1.0', licenseLink }, WORDS);
    expect(other('LICENSE.md').license).toEqual({ id: 'other', name: 'my-license-1.0', link: 'LICENSE.md' });
    expect(other('https://example.org/terms').license?.link).toBe('https://example.org/terms');
    expect(other('javascript:alert(1)').problems).toEqual([{ field: 'licenseLink', message: expect.stringMatching(/^--license-link javascript:alert\(1\) is neither a web address/) }]);
    expect(other('../LICENSE').problems).toHaveLength(1);
  });

  it('says every problem at once, each on its field', () => {
    const checked = checkCardLicense({ license: 'mit', licenseName: 'mine', licenseLink: 'LICENSE' }, WORDS);
    expect(checked.problems.map((problem) => problem.field)).toEqual(['licenseName', 'licenseLink']);
    expect(checkCardLicense({ license: 'other', licenseName: 'unknown' }, WORDS).problems[0]?.message).toContain('give --license unknown instead of other');
  });
});
