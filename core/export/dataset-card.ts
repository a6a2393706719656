import { stringify } from 'yaml';
import { reportScopeText, type AnalysisReport, type StudyRef } from '../../schemas/analysis.ts';
import type { CardLicense } from '../../schemas/card-license.ts';
import type { ExportedFile, ExportFormat, ExportSubset } from '../../schemas/export.ts';
import { formatCountOf } from '../../schemas/format-number.ts';
import { HUB_LICENSES_PAGE } from '../../schemas/hub-licenses.ts';
import { sectionsMarkdown } from '../analysis/report-markdown.ts';
import { markdownTable } from '../../schemas/table-markdown.ts';
import { cardMetadata, DEFAULT_CONFIG_ORDER, defaultConfig } from './card-metadata.ts';
import { roomPlansSection, type RoomPlanFigures } from './card-room-plans.ts';
import { sortedText, type CollectionFacts } from './collection-facts.ts';
import { CARD_NAMESPACE_KEY, DATASET_FORMAT_VERSION } from './dataset-format-version.ts';
import { describeType } from './field-types.ts';
import { SUBSET_FIELDS, SUBSET_SUMMARIES } from './subset-fields.ts';

export interface DatasetCardInput {
  projectName: string;
  license: CardLicense;
  format: ExportFormat;
  subsets: readonly ExportSubset[];
  files: readonly ExportedFile[];
  pseudonymised: boolean;
  includesSynthetic: boolean;
  facts: CollectionFacts;
  /** The analysis of what was exported (synthetic counted only when it was exported). */
  analysis: AnalysisReport | undefined;
  /** The studies the export was limited to (`--study`); null or absent, every study and imported run. */
  studies?: readonly StudyRef[] | null;
  /** The exported data rooms' plans in figures, by room title; empty or absent, the card has no section on them. */
  roomPlans?: readonly RoomPlanFigures[];
  /** An annotator's name as the export writes it (a pseudonym with `--pseudonymise`). */
  annotatorName?: (name: string) => string;
}

const day = (iso: string) => iso.slice(0, 10);

/** The card's own tables (subsets, fields, how it was collected): words, left-aligned, no caption. */
function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return markdownTable({ columns: header.map((text) => ({ header: text, align: 'left' })), rows: rows.map((row) => row.map((text) => ({ text }))) });
}

/**
 * The dataset card (README.md): the YAML header the Hub and `datasets` read, then the story a
 * reader needs: each subset and its fields, how the data was collected and what the analysis
 * says about agreement. Built only from what was exported, with no clock: the same export gives
 * the same card.
 */
export function renderDatasetCard(input: DatasetCardInput): string {
  const prettyName = `${input.projectName} (LH-Bench Studio)`;
  const yaml = stringify(
    cardMetadata({
      license: input.license,
      prettyName,
      subsets: input.subsets,
      files: input.files,
      includesSynthetic: input.includesSynthetic,
      hasJudgments: input.files.some((file) => file.subset === 'judgments' && file.rows > 0),
    }),
    { lineWidth: 0 },
  );
  const out: string[] = [`---\n${yaml}---\n`, `# ${prettyName}\n`];
  out.push(
    'The human side of a skill-grounded evaluation of long-horizon AI agents, exported by LH-Bench Studio: subject-matter experts' +
      "' chapter plans with the source spans they cite, blind pairwise preference votes between agents' outputs, LLM/VLM judge scores " +
      'on anchored rubrics, the agent runs themselves, the skills they were given and the rubrics. Every record keeps its workspace id, so exports from several ' +
      'machines can be merged.\n',
  );
  if (input.includesSynthetic) {
    out.push(
      '> **Includes synthetic data.** The `synthetic` split of each subset holds the demo study\'s generated tasks, runs, votes and judgments (no person or model made them). ' +
        "The `train` split also holds the demo's other records: its data room's sources and chapters, its arena's output bundles and the votes and judgments on them. " +
        'An export without synthetic data leaves all of them out.\n',
    );
  }
  if (input.studies) out.push(`> **${reportScopeText(input.studies)}.** Only the runs ${input.studies.length === 1 ? 'this study' : 'these studies'} executed, the votes and judgments whose runs are all theirs, the skill versions they used, and the studies themselves are exported; sources, chapters and rubrics are the workspace's.\n`);
  if (input.pseudonymised) out.push('> Annotator names are replaced by stable pseudonyms (`annotator-` and 12 hex digits, keyed per workspace).\n');
  out.push(licenseStatement(input.license));
  out.push(
    `Files are ${input.format === 'parquet' ? 'Parquet (snappy)' : 'JSON lines'} under \`data/<subset>/<split>-00000-of-00001.${input.format}\`, ` +
      `in LH-Bench Studio dataset format ${DATASET_FORMAT_VERSION} (\`${CARD_NAMESPACE_KEY}.format_version\` in the header; LH-Bench Studio imports formats up to its own).\n`,
  );
  const byDefault = defaultConfig(input.subsets);
  const other = DEFAULT_CONFIG_ORDER.find((subset) => subset !== byDefault && input.subsets.includes(subset));
  out.push(
    '```python\nfrom datasets import load_dataset\n' +
      `${byDefault} = load_dataset("<owner>/<this-dataset>", split="train")  # the default config\n` +
      (other ? `${other} = load_dataset("<owner>/<this-dataset>", "${other}", split="train")\n` : '') +
      '```\n',
  );

  out.push('## Subsets\n');
  const rowsOf = (subset: ExportSubset, split: string) => input.files.find((file) => file.subset === subset && file.split === split)?.rows;
  const splits = input.includesSynthetic ? ['train', 'synthetic'] : ['train'];
  out.push(
    textTable(
      ['Subset', ...splits.map((split) => `${split} rows`), 'What it holds'],
      input.subsets.map((subset) => [`\`${subset}\``, ...splits.map((split) => String(rowsOf(subset, split) ?? (split === 'train' ? 0 : '–'))), SUBSET_SUMMARIES[subset]]),
    ),
  );
  for (const subset of input.subsets) {
    out.push(`### \`${subset}\`\n`);
    out.push(`${SUBSET_SUMMARIES[subset]}\n`);
    out.push(textTable(['Field', 'Type', 'Description'], SUBSET_FIELDS[subset].map((field) => [`\`${field.name}\``, describeType(field.type) + (field.nullable ? ' (nullable)' : ''), field.description])));
  }

  out.push(...collectionSection(input));
  out.push(...roomPlansSection(input.roomPlans ?? [], input.annotatorName ?? ((name) => name)));
  out.push(...agreementSection(input.analysis));
  // The report's sections the card prints as parts of their own (the skill ablation, multi-turn runs), when the exported runs hold them.
  if (input.analysis) out.push(...sectionsMarkdown(input.analysis, '##', 'own'));
  return out.join('\n');
}

/** The license in words: what the header's `license` (and for `other`, `license_name`/`license_link`) says. */
function licenseStatement(license: CardLicense): string {
  if (license.id === 'unknown') return '**License**: not stated (`unknown`).\n';
  if (license.id !== 'other') return `**License**: \`${license.id}\` (${HUB_LICENSES_PAGE}).\n`;
  return `**License**: \`${license.name}\`, not one of the Hub's licenses (\`license: other\`)${license.link ? `; its text: ${license.link}` : ''}.\n`;
}

function collectionSection(input: DatasetCardInput): string[] {
  const facts = input.facts;
  const list = (values: Iterable<string>) => {
    const sorted = sortedText(values);
    return sorted.length === 0 ? 'none' : sorted.map((value) => `\`${value}\``).join(', ');
  };
  const span = (label: string) => {
    const dates = facts.dates(label);
    return dates ? `${day(dates.first)} to ${day(dates.last)}` : '–';
  };
  return [
    '## How it was collected\n',
    'SMEs imported source documents into data rooms (normalised to line-numbered Markdown) and cited line spans into chapter plans. ' +
      'Experts voted on pairs of agent outputs for the same task in a blind arena: identities hidden, left/right randomised per vote ' +
      '(`shown_order` records it), a choice and a 1–5 rating for each side. Judges scored runs per rubric against anchored levels.' +
      (facts.judgmentsLeftOut > 0
        ? ` ${facts.judgmentsLeftOut} judgments made with a rubric set for another task kind are left out (a Figma build scored on a content rubric, or the reverse); the workspace keeps them, marked.`
        : '') +
      judgedApart(input.files) +
      (facts.skillVersionsLeftOut > 0
        ? ` ${facts.skillVersionsLeftOut} skill version${facts.skillVersionsLeftOut === 1 ? '' : 's'} the studies used ${facts.skillVersionsLeftOut === 1 ? 'is' : 'are'} left out of \`skills\`: the skill's folder is no longer where the study found it, or no longer a valid skill.`
        : '') +
      '\n',
    textTable(
      ['What', 'Value'],
      [
        ['Annotators (voters)', String(facts.annotators.size)],
        ['Judges', `${facts.judges.size}${facts.judges.size > 0 ? ` (${list(facts.judges)})` : ''}`],
        ['Judge models', list(facts.judgeModels)],
        ['Rubric set versions judged against', list(facts.rubricSetVersions)],
        ['Skill versions of the runs', list(facts.skillVersions)],
        ['Harnesses', list(facts.harnesses)],
        ['Agent models', list(facts.models)],
        ['Sandboxes the runs ran in', list(facts.sandboxes)],
        ['Votes cast', span('votes')],
        ['Judgments made', span('judgments')],
        ['Runs started', span('runs')],
        ['Sources imported', span('sources')],
      ],
    ),
  ];
}

/** The judges' records kept apart from their scores, in words, when the export holds some. */
function judgedApart(files: readonly ExportedFile[]): string {
  const rows = (subset: ExportSubset) => files.filter((file) => file.subset === subset).reduce((sum, file) => sum + file.rows, 0);
  const [verdicts, controls, guesses] = [rows('pairwise_verdicts'), rows('control_judgments'), rows('harness_guesses')];
  return (
    (verdicts > 0 ? ` Pairwise judges were shown two runs of a task, blind, and asked twice with the sides swapped (${formatCountOf(verdicts, 'verdict')}, \`pairwise_verdicts\`).` : '') +
    (controls > 0 ? ` Under the no-artifact control, judges scored runs from the task and rubrics alone (${formatCountOf(controls, 'control judgment')}, \`control_judgments\`); these are never counted as scores.` : '') +
    (guesses > 0
      ? ` Under the guess-harness control, judges were shown runs' blinded trajectories and asked which harness made each (${formatCountOf(guesses, 'asking')}, \`harness_guesses\`); a judge right more often than chance means the blinding leaks, and these answers are never counted as scores.`
      : '')
  );
}

/** What the analysis of the exported records says: what it rests on, then the report's sections the card prints beside the rankings, as the Analysis screen shows them. */
function agreementSection(report: AnalysisReport | undefined): string[] {
  if (!report) return [];
  const { study } = report;
  const out = ['## Agreement and rankings\n'];
  out.push(`**${reportScopeText(study.scope)}.**\n`);
  out.push(
    `Recomputed from the exported votes and judgments (LH-Bench Studio's analysis, ${study.resamples} bootstrap resamples, seed \`${study.seed}\`): ` +
      `${formatCountOf(study.votes, 'vote')} by ${formatCountOf(study.annotators, 'annotator')}, ${formatCountOf(study.judgments, 'judgment')} by ${formatCountOf(study.judges.length, 'judge')}, ${formatCountOf(study.tasks, 'task')}.` +
      (study.includesSynthetic ? ' **Includes synthetic data.**' : '') +
      '\n',
  );
  // The leaderboards, the inter-judge agreement, the Elo ratings with the position bias, and the human–judge alignment.
  out.push(...sectionsMarkdown(report, '###', 'rankings'));
  return out;
}
