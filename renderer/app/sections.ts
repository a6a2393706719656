export type SectionId = 'annotate' | 'arena' | 'runs' | 'judges' | 'analysis' | 'export';

export interface Section {
  id: SectionId;
  label: string;
  /** What this screen is for, in one line. */
  purpose: string;
  /** The empty state: what will appear here and how to get it. */
  emptyTitle: string;
  emptyBody: string;
  nextStep: string;
}

export const SECTIONS: readonly Section[] = [
  {
    id: 'annotate',
    label: 'Annotate',
    purpose: 'Cite source lines into chapter plans.',
    emptyTitle: 'No chapter plans yet',
    emptyBody:
      'Your data rooms will appear here: sources normalised to line-numbered Markdown, a viewer with collapsible sections, and chapters whose citations read source_id:start_line--end_line with the quoted text.',
    nextStep: 'Import PDFs, web pages or Markdown into a data room, select lines in the viewer and press Cite to attach them to the active chapter.',
  },
  {
    id: 'arena',
    label: 'Arena',
    purpose: 'Blind side-by-side preference votes.',
    emptyTitle: 'No pairs to vote on yet',
    emptyBody:
      'Two agent-built outputs for the same task will appear here side by side, with identities hidden and left/right randomised for every vote. You pick one or a tie and rate quality from 1 to 5.',
    nextStep: 'Pairs appear once at least two runs of the same task have finished and produced an output bundle.',
  },
  {
    id: 'runs',
    label: 'Runs',
    purpose: 'Studies of agent harness runs, imported output bundles, transcripts and what frame capture found.',
    emptyTitle: 'No runs yet',
    emptyBody:
      'Runs of each agent harness will appear here with their task, model, SKILL.md version, archived transcript and the artifacts they built.',
    nextStep: 'Start a study of harness runs with New study…, or import output bundles.',
  },
  {
    id: 'judges',
    label: 'Judges',
    purpose: 'Score runs with LLM and VLM judges on anchored rubrics.',
    emptyTitle: 'No rubric sets yet',
    emptyBody:
      'Rubric sets will appear here: for each tier (process, output, content) and scale (3 or 5 points), every version with its rubrics, weights and the anchor of each level, and how many judgments used it.',
    nextStep: 'The built-in sets load when the workspace opens; author a new set or a new version of one with the editor on this screen.',
  },
  {
    id: 'analysis',
    label: 'Analysis',
    purpose: 'Agreement and rankings, recomputed from raw votes and scores.',
    emptyTitle: 'Nothing to analyse yet',
    emptyBody:
      "Cohen's κ and quadratic κ between humans and judges, Bradley–Terry Elo with bootstrap intervals, position bias, transitivity and human–VLM win rates will appear here.",
    nextStep: 'Cast arena votes and judge runs; every figure here is recomputed from those raw records.',
  },
  {
    id: 'export',
    label: 'Export',
    purpose: 'Publish the record as a HuggingFace-ready dataset.',
    emptyTitle: 'Nothing exported yet',
    emptyBody:
      'Chapter plans with their citations, sources, votes, judgments, runs and rubrics are written as a folder ready to push to the Hugging Face Hub: a dataset card and one Parquet or JSON-lines file per subset and split.',
    nextStep: 'Choose the subsets and a new folder on the server machine, then press Export.',
  },
];

export function sectionFromHash(hash: string): SectionId {
  // A screen may keep its own state after a `?` (the Runs table's filters) or a `/` (the Runs screen's compare view).
  const id = hash.replace(/^#\/?/, '').split('?')[0]!.split('/')[0];
  return SECTIONS.find((s) => s.id === id)?.id ?? 'annotate';
}
