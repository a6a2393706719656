import { readDatasetFolder } from './read-dataset-folder.ts';

/** Reads a dataset folder (as an import does first) in a child process, answering how many rows of each subset it read. */
export async function rowsReadFromFolder(dir: string): Promise<Record<string, number>> {
  const dataset = await readDatasetFolder(dir, { signal: new AbortController().signal, report: () => {} });
  return { sources: dataset.sources.length, chapters: dataset.chapters.length, preferences: dataset.preferences.length, judgments: dataset.judgments.length, runs: dataset.runs.length, rubrics: dataset.rubrics.length };
}
