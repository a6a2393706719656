import { parse, stringify } from 'yaml';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { CARD_TAGS, SYNTHETIC_TAG } from '../card-metadata.ts';

/**
 * The card's header fields the export computes from the data it wrote: which files each config
 * reads, their features and row counts, the size bucket, who made the annotations (judges or
 * not) and the format version. A second push writes ours, since the Hub's copy describes the
 * files this push replaces.
 */
export const FIELDS_FROM_THE_DATA = ['configs', 'dataset_info', 'size_categories', 'annotations_creators', 'lh_bench_studio'] as const;

/** Every tag an export writes; a tag on the Hub that is not one of them was added there by hand. */
const EXPORT_TAGS = new Set<unknown>([...CARD_TAGS, SYNTHETIC_TAG]);

/** Fields whose Hub value says nothing, so the export's value replaces it. */
const SAYS_NOTHING = new Set<unknown>([null, undefined, '', 'unknown']);

export interface MergedCard {
  text: string;
  /** Header fields kept as the Hub's copy had them where ours differed or had none, in the Hub's order. */
  keptFromHub: string[];
}

/**
 * A second push's card: the export's README.md with its header merged with the one on the Hub,
 * so a field someone edited there is not overwritten (the rule `push_to_hub` users asked for):
 * - the fields computed from the data (FIELDS_FROM_THE_DATA) are ours;
 * - `tags` are ours (`synthetic` follows the data) followed by the Hub's hand-added ones, those
 *   no export writes;
 * - every other field the Hub's copy has (license, pretty_name, language, a field only it has…)
 *   is the Hub's, unless its value says nothing (empty, null, `unknown`); one only ours has is ours.
 * The text under the header is ours: it is generated from the data, like the tables in it.
 */
export function mergeCardMetadata(ours: string, hubs: string | null): MergedCard {
  if (hubs === null) return { text: ours, keptFromHub: [] };
  const mine = splitCard(ours, 'the exported README.md');
  const theirs = splitCard(hubs, "the Hub's README.md").header;
  const merged: Record<string, unknown> = { ...mine.header };
  const keptFromHub: string[] = [];
  for (const [key, value] of Object.entries(theirs)) {
    if ((FIELDS_FROM_THE_DATA as readonly string[]).includes(key) || SAYS_NOTHING.has(value)) continue;
    const next = key === 'tags' ? mergedTags(mine.header.tags, value) : value;
    if (JSON.stringify(next) !== JSON.stringify(mine.header[key])) keptFromHub.push(key);
    merged[key] = next;
  }
  return { text: `---\n${stringify(merged, { lineWidth: 0 })}---\n${mine.body}`, keptFromHub };
}

function mergedTags(ours: unknown, hubs: unknown): unknown {
  const mine = Array.isArray(ours) ? ours : [];
  const handAdded = Array.isArray(hubs) ? hubs.filter((tag) => !EXPORT_TAGS.has(tag) && !mine.includes(tag)) : [];
  return [...mine, ...handAdded];
}

/** The YAML header (between the first two `---` lines) as an object, and the text after it. */
function splitCard(text: string, name: string): { header: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?/.exec(text);
  if (!match) return { header: {}, body: text };
  let header: unknown;
  try {
    header = parse(match[1] ?? '') ?? {};
  } catch (error) {
    throw new LhbError('bad_request', `The YAML header of ${name} does not parse (${(error as Error).message}): fix it on the Hub, then push again.`, { field: 'README.md', cause: error });
  }
  if (typeof header !== 'object' || Array.isArray(header)) {
    throw new LhbError('bad_request', `The YAML header of ${name} is not a mapping of fields: fix it on the Hub, then push again.`, { field: 'README.md' });
  }
  return { header: header as Record<string, unknown>, body: text.slice(match[0].length) };
}
