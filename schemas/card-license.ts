import { HUB_LICENSES, HUB_LICENSES_PAGE, type HubLicenseId } from './hub-licenses.ts';

/**
 * The dataset card's license: one of the Hub's ids and, for `other` (a license not on the Hub's
 * list), the license's own id (`license_name`) and where its text is (`license_link`).
 */
export interface CardLicense {
  id: string;
  name?: string;
  link?: string;
}

/** The license as a form or a command line gives it, before it is checked. */
export interface CardLicenseInput {
  license?: string;
  licenseName?: string;
  licenseLink?: string;
}

export type CardLicenseField = keyof CardLicenseInput;

export interface CardLicenseProblem {
  field: CardLicenseField;
  message: string;
}

/** How a surface names the three fields in its messages (`--license-name`, `the license name`, …). */
export type CardLicenseWords = Record<CardLicenseField, string>;

export const RPC_LICENSE_WORDS: CardLicenseWords = { license: 'license', licenseName: 'licenseName', licenseLink: 'licenseLink' };

/** What an export states when nobody chose a license: the Hub's own word for it. */
export const DEFAULT_CARD_LICENSE = 'unknown';

/** The Hub's files a `license_link` may name instead of a web address (hub-docs' datasetcard.md). */
const LINKED_FILES = ['LICENSE', 'LICENSE.md'];
/** `license_name`: the Hub asks for an id like `my-license-1.0`: short, lowercase, no spaces. */
const LICENSE_NAME = /^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9])?$/;

const IDS: readonly string[] = HUB_LICENSES.map((license) => license.id);

/**
 * The Hub's id for what was typed, ignoring case and surrounding spaces (no two of the Hub's ids
 * differ only in case, so `MIT` can only mean `mit`); undefined when it is not one.
 */
export function hubLicenseId(text: string): HubLicenseId | undefined {
  const wanted = text.trim().toLowerCase();
  return HUB_LICENSES.find((license) => license.id === wanted)?.id;
}

/** The Hub's ids nearest to what was typed: ids it begins first, then by edit distance. */
export function closestHubLicenseIds(text: string, count = 3): string[] {
  const wanted = text.trim().toLowerCase();
  const rank = (id: string) => (id.startsWith(wanted) ? -1 : 0) * 1000 + editDistance(wanted, id);
  return IDS.map((id, order) => ({ id, order, rank: rank(id) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, count)
    .map((entry) => entry.id);
}

/**
 * Checks a license the way the Hub reads a card: the id is one of the Hub's (in any case);
 * `other` needs a license name (and may have a link); a name or link is only for `other`. Each
 * problem names its field in the caller's words. Without problems, the license as the card
 * writes it.
 */
export function checkCardLicense(input: CardLicenseInput, words: CardLicenseWords): { license: CardLicense; problems: [] } | { license: undefined; problems: CardLicenseProblem[] } {
  const problems: CardLicenseProblem[] = [];
  const typed = (input.license ?? DEFAULT_CARD_LICENSE).trim();
  const id = hubLicenseId(typed);
  const name = input.licenseName?.trim() || undefined;
  const link = input.licenseLink?.trim() || undefined;
  if (!id) {
    problems.push({
      field: 'license',
      message:
        typed.length === 0
          ? `${words.license} is empty: give one of the Hub's license ids (${HUB_LICENSES_PAGE}), or unknown.`
          : `${words.license} ${typed} is not one of the Hub's license ids (closest: ${closestHubLicenseIds(typed).join(', ')}). ` +
            `The ids are listed at ${HUB_LICENSES_PAGE}; for a license not listed there, use ${words.license} other with ${words.licenseName}.`,
    });
  }
  if (id === 'other') {
    if (!name) {
      problems.push({ field: 'licenseName', message: `${words.license} other needs ${words.licenseName}: the license's own id, short, lowercase and without spaces, like my-license-1.0.` });
    } else if (hubLicenseId(name) && name !== 'other') {
      problems.push({ field: 'licenseName', message: `${words.licenseName} ${name} is one of the Hub's own license ids: give ${words.license} ${name.toLowerCase()} instead of other.` });
    } else if (!LICENSE_NAME.test(name)) {
      problems.push({
        field: 'licenseName',
        message: `${words.licenseName} "${name}" is not a license id: write it short, lowercase and without spaces, like ${suggestedLicenseName(name) ?? 'my-license-1.0'}.`,
      });
    }
    if (link && !isLicenseLink(link)) {
      problems.push({ field: 'licenseLink', message: `${words.licenseLink} ${link} is neither a web address (https://…) nor ${LINKED_FILES.join(' or ')} (a file in the dataset's repository).` });
    }
  } else if (id) {
    if (name) problems.push({ field: 'licenseName', message: `${words.licenseName} is only for ${words.license} other; ${id} is one of the Hub's own ids and needs no name.` });
    if (link) problems.push({ field: 'licenseLink', message: `${words.licenseLink} is only for ${words.license} other; a license on the Hub's list needs no link.` });
  }
  if (problems.length > 0 || !id) return { license: undefined, problems };
  return { license: id === 'other' ? { id, name, ...(link ? { link } : {}) } : { id }, problems: [] };
}

/** The license as export.hf's input fields (`license`, and for other `licenseName`, `licenseLink`). */
export function licenseInputOf(license: CardLicense): { license: string; licenseName?: string; licenseLink?: string } {
  return { license: license.id, ...(license.name ? { licenseName: license.name } : {}), ...(license.link ? { licenseLink: license.link } : {}) };
}

/** A license name the Hub would take, made from a title (`Coqui Public Model License` → `coqui-public-model-license`). */
function suggestedLicenseName(text: string): string | undefined {
  const slug = text
    .toLowerCase()
    .replace(/[\s_/]+/g, '-')
    .replace(/[^a-z0-9.+-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .slice(0, 64);
  return LICENSE_NAME.test(slug) ? slug : undefined;
}

function isLicenseLink(link: string): boolean {
  if (LINKED_FILES.includes(link)) return true;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Levenshtein distance: the fewest single-character edits turning one text into the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
