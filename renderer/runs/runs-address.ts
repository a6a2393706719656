import { RUNS_FILTER_TERMS, runsFilterOfTerms, termsOfRunsFilter, type RunsFilterTerm } from '../../schemas/runs-filter.ts';

/**
 * The Runs table's filters in the address, after the section: `#/runs?study=…&score=3..5&sort=score:desc`,
 * in the words `lhb runs list` takes them, so a link opens the same view.
 */
export function runsAddressTerms(hash: string): Partial<Record<RunsFilterTerm, string>> | undefined {
  const query = hash.indexOf('?');
  if (query === -1) return undefined;
  const params = new URLSearchParams(hash.slice(query + 1));
  const terms: Partial<Record<RunsFilterTerm, string>> = {};
  for (const term of RUNS_FILTER_TERMS) {
    const value = params.get(term);
    if (value !== null && value !== '') terms[term] = value;
  }
  return terms;
}

/** The address of the Runs table showing these terms (only the valid ones: a half-typed score stays out). */
export function runsAddress(terms: Partial<Record<RunsFilterTerm, string>>): string {
  const query = new URLSearchParams(termsOfRunsFilter(runsFilterOfTerms(terms).filter)).toString();
  return query === '' ? '#/runs' : `#/runs?${query}`;
}
