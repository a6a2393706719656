/**
 * Words that end with a full stop without ending a sentence: titles, Latin abbreviations and
 * the usual labels before a number ("Fig. 3", "No. 12", "pp. 4–5"). Compared in lower case.
 */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'al', 'approx', 'ca', 'viz', 'resp',
  'fig', 'figs', 'eq', 'eqs', 'no', 'nos', 'vol', 'vols', 'p', 'pp', 'ch', 'sec', 'secs', 'art', 'para', 'ed', 'eds', 'ref', 'refs',
  'inc', 'ltd', 'co', 'corp', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'u.s', 'u.k',
]);

/** A sentence end: ., ! or ? (and any closing quotes or brackets), then a space, then what can start one. */
const BOUNDARY = /([.!?…]+["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

/**
 * Splits prose into sentences for semantic line breaks (one sentence per line: a citation can
 * be one sentence; Markdown renders the lines as one paragraph). Conservative: a full stop after
 * a known abbreviation, a single letter ("J. Smith", "A. Introduction") or inside a number is
 * not an end, and text without a clear end stays whole. Joining the parts with single spaces
 * gives back the text.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[1]!.length;
    const sentence = text.slice(start, match.index);
    // "2." opening a sentence is its number, not a sentence of its own.
    if (match[1]!.startsWith('.') && (!endsSentence(sentence) || /^\d{1,3}$/.test(sentence))) continue;
    sentences.push(text.slice(start, end));
    start = match.index + match[0].length;
  }
  sentences.push(text.slice(start));
  return sentences.filter((sentence) => sentence !== '');
}

function endsSentence(before: string): boolean {
  const word = /(\S+)$/.exec(before)?.[1] ?? '';
  const bare = word.replace(/^["'“‘([]+/, '').toLowerCase();
  if (ABBREVIATIONS.has(bare)) return false;
  // An initial ("J."), a section letter ("A."), or a number's dot ("3." in "Chapter 3. Results" is kept whole).
  if (/^\p{L}$/u.test(bare)) return false;
  return true;
}
