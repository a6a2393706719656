import { Command, InvalidArgumentError, Option } from 'commander';
import { judgeProviderChoices } from '../../schemas/judge-provider-ids.ts';
import { appVersion } from '../app-paths.ts';
import { makeProcessNonDumpable } from '../non-dumpable-process.ts';
import type { CurateOptions, GoldOptions } from './plans-curation-command.ts';
import type { RunsListFlags } from './runs-command.ts';
import type { SearchOptions } from './search-command.ts';

// Only commander and this file load for `lhb --help`; each command imports its own modules
// when it runs, so the CLI starts in well under 150 ms.

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0 picks a free one).');
  return port;
}

/** `-w, --workspace <dir>`, the same on every command that opens a workspace (resolved by resolveWorkspaceDir). */
function workspaceOption(description = 'workspace folder'): Option {
  return new Option('-w, --workspace <dir>', description);
}

const program = new Command()
  .name('lhb')
  .description(
    'LH-Bench Studio: cite sources into chapter plans, run agent harnesses on tasks or import their runs, judge them with LLM/VLM judges, cast blind preference votes, analyse them, export them as a Hugging Face dataset and import and merge such datasets.',
  )
  .version(appVersion, '-v, --version')
  // A command's own flags come before its subcommand (lhb judge --json vs lhb judge list --json).
  .enablePositionalOptions()
  .showHelpAfterError('(run "lhb --help" or "lhb <command> --help" for usage)')
  .addHelpText('after', '\nThe workspace is --workspace DIR, else $LHB_WORKSPACE, else the app-data folder of this platform.');

// Every lhb command may hold a secret (the API keys in its environment, serve's launch token), so
// before its action runs it closes its /proc/<pid>/environ and mem to other processes of the user.
// Before the action, not at load: `lhb --help` does not pay for loading libc's prctl.
program.hook('preAction', () => void makeProcessNonDumpable());

program
  .command('serve')
  .description('Serve the app in a browser (127.0.0.1 only by default) on a workspace until interrupted.')
  .option('-p, --port <n>', 'port to listen on; 0 picks a free one', parsePort, 4477)
  .option('-H, --host <host>', 'interface to bind; anything but loopback (e.g. 0.0.0.0) is refused unless --allow-remote is given', '127.0.0.1')
  .option('--allow-remote', 'let --host expose the workspace to other machines over plain HTTP (put a TLS reverse proxy in front); they cannot import by path')
  .option('--no-open', 'do not open a browser window')
  .option('--judges <file>', 'the judges (a JSON array, as lhb judge --judges takes) that callers on other machines may judge with; they can name no other key variable or base URL')
  .option('--hub-url <url>', 'the Hugging Face Hub the Export screen pushes datasets to, with this machine\'s token (default: $LHB_HUB_URL, else https://huggingface.co)')
  .addOption(workspaceOption('workspace folder (created and seeded with the demo on first use)'))
  .action(async (options: { port: number; host: string; allowRemote?: boolean; open: boolean; workspace?: string; judges?: string; hubUrl?: string }) => {
    const { runServe } = await import('./serve-command.ts');
    await runServe(options);
  });

program
  .command('info')
  .description("Print the workspace: where it is, its project, schema version and counts (runs, votes, judgments; the demo's among them); a folder that is not a workspace is named and left as it was (exit 1).")
  .addOption(workspaceOption())
  .option('--json', 'print JSON instead of text')
  .action(async (options: { workspace?: string; json?: boolean }) => {
    const { runInfo } = await import('./info-command.ts');
    await runInfo(options);
  });

program
  .command('init')
  .description('Make a new workspace with one project of your own and no demo data; the folder must be new or empty.')
  .argument('<dir>', 'the folder to make the workspace in')
  .requiredOption('--project <name>', "the project's name (it titles the app and the dataset card; lhb project rename changes it)")
  .option('--description <text>', "the project's description")
  .option('--json', 'print {workspaceDir, databasePath, project, openCommand} as JSON')
  .action(async (dir: string, options: { project: string; description?: string; json?: boolean }) => {
    const { runInit } = await import('./init-command.ts');
    await runInit(dir, options);
  });

program
  .command('project')
  .description("The workspace's project.")
  .command('rename')
  .description("Rename the project (it titles the app and the dataset card's title).")
  .argument('<name>', 'the new name')
  .option('--json', 'print the project as JSON')
  .addOption(workspaceOption())
  .action(async (name: string, options: { json?: boolean; workspace?: string }) => {
    const { runProjectRename } = await import('./init-command.ts');
    await runProjectRename(name, options);
  });

const sources = program.command('sources').description('Import sources (PDF, HTML, Markdown, text) and read their numbered lines.');

sources
  .command('add')
  .description('Import files or folders (walked for .pdf .html .htm .md .markdown .txt); exits 1 if any file failed, after importing the rest.')
  .argument('<paths...>', 'files or folders to import')
  .option('--room <name|id>', 'the data room to import into, by name or id (see "lhb rooms list")')
  .option('--course <name|id>', 'the same as --room')
  .option('--json', 'print one JSON object per source: {id, title, type, lineCount, sha256, sections}')
  .addOption(workspaceOption())
  .action(async (paths: string[], options: { room?: string; course?: string; json?: boolean; workspace?: string }) => {
    const { runSourcesAdd } = await import('./sources-command.ts');
    await runSourcesAdd(paths, options);
  });

sources
  .command('list')
  .description('List sources with their type, line count, newest version and data room.')
  .option('--room <name|id>', 'only the sources of this data room, by name or id')
  .option('--course <name|id>', 'the same as --room')
  .option('--json', 'print JSON instead of text')
  .addOption(workspaceOption())
  .action(async (options: { room?: string; course?: string; json?: boolean; workspace?: string }) => {
    const { runSourcesList } = await import('./sources-command.ts');
    await runSourcesList(options);
  });

sources
  .command('show')
  .description('Print a source\'s newest version as numbered lines ("0012| text").')
  .argument('<id>', 'source id (see "lhb sources list")')
  .option('--lines <A-B>', 'only lines A to B, e.g. 12-15')
  .addOption(workspaceOption())
  .action(async (id: string, options: { lines?: string; workspace?: string }) => {
    const { runSourcesShow } = await import('./sources-command.ts');
    await runSourcesShow(id, options);
  });

sources
  .command('doubts')
  .description('List what extraction found doubtful in a source\'s newest version (possible tables and headings, pages with little or no text), each with its line, to check against the original.')
  .argument('<id>', 'source id (see "lhb sources list")')
  .option('--json', 'print {sourceId, versionId, recorded, doubts: [{kind, line, page, note}]}')
  .addOption(workspaceOption())
  .action(async (id: string, options: { json?: boolean; workspace?: string }) => {
    const { runSourcesDoubts } = await import('./sources-doubts-command.ts');
    await runSourcesDoubts(id, options);
  });

sources
  .command('renormalise')
  .description('Re-read sources made by an older normaliser (all, or the ids given) as new versions, re-anchoring their citations; sources already current are left as they are.')
  .argument('[ids...]', 'source ids (see "lhb sources list"); default: every source')
  .option('--json', 'print one JSON object per source: {status, name, sourceId, versionId, version}')
  .addOption(workspaceOption())
  .action(async (ids: string[], options: { json?: boolean; workspace?: string }) => {
    const { runSourcesRenormalise } = await import('./sources-command.ts');
    await runSourcesRenormalise(ids, options);
  });

const rooms = program.command('rooms').description('Data rooms: the sources and chapter plans an SME works on.');

rooms
  .command('list')
  .description('List data rooms with their id, source and chapter counts and last change.')
  .option('--json', 'print JSON instead of text')
  .addOption(workspaceOption())
  .action(async (options: { json?: boolean; workspace?: string }) => {
    const { runRoomsList } = await import('./rooms-command.ts');
    await runRoomsList(options);
  });

const chapters = program.command('chapters').description("A data room's chapter plans: the workspace owner's, and each annotator's own (--annotator).");
const annotatorOption = ['--annotator <name>', "whose plan: an annotator's own (their profile is made on their first edit); without it, the workspace owner's"] as const;

chapters
  .command('export')
  .description('Print a chapter plan of a data room: chapters in order, instruction, notes, citations as source:start--end with quotes and pages.')
  .requiredOption('--room <name|id>', 'the data room, by name or id (see "lhb rooms list")')
  .option(...annotatorOption)
  .option('--format <md|json>', 'Markdown or JSON', 'md')
  .addOption(workspaceOption())
  .action(async (options: { room: string; annotator?: string; format?: string; workspace?: string }) => {
    const { runChaptersExport } = await import('./chapters-export-command.ts');
    await runChaptersExport(options);
  });

chapters
  .command('add')
  .description('Add a chapter at the end of a plan of a data room.')
  .argument('<title>', "the chapter's title")
  .requiredOption('--room <name|id>', 'the data room, by name or id (see "lhb rooms list")')
  .option(...annotatorOption)
  .option('--instruction <text>', 'what the agent must produce for this chapter')
  .addOption(workspaceOption())
  .action(async (title: string, options: { room: string; annotator?: string; instruction?: string; workspace?: string }) => {
    const { runChaptersAdd } = await import('./chapters-edit-command.ts');
    await runChaptersAdd(title, options);
  });

chapters
  .command('cite')
  .description("Cite lines of a source's newest version in a chapter of a plan.")
  .requiredOption('--room <name|id>', 'the data room, by name or id (see "lhb rooms list")')
  .requiredOption('--chapter <number|title|id>', "the chapter, by its number in the plan (1 is the first), title or id")
  .requiredOption('--source <id|file name>', 'the source, by id or original file name (see "lhb sources list --room")')
  .requiredOption('--lines <A-B>', 'the lines to cite, e.g. 12-15')
  .option(...annotatorOption)
  .addOption(workspaceOption())
  .action(async (options: { room: string; chapter: string; source: string; lines: string; annotator?: string; workspace?: string }) => {
    const { runChaptersCite } = await import('./chapters-edit-command.ts');
    await runChaptersCite(options);
  });

const plans = program.command('plans').description("An SME team's chapter plans: submitted per annotator, compared, approved by a reviewer.");
const roomOption = ['--room <name|id>', 'the data room, by name or id (see "lhb rooms list")'] as const;

plans
  .command('submit')
  .description("Submit an annotator's own plan of the data room as it is now (replaces their earlier one and clears its approval); a name with no plan of its own submits the workspace owner's.")
  .requiredOption(...roomOption)
  .requiredOption('--annotator <name>', 'whose plan')
  .addOption(workspaceOption())
  .action(async (options: { room: string; annotator: string; workspace?: string }) => {
    const { runPlansSubmit } = await import('./plans-command.ts');
    await runPlansSubmit(options);
  });

plans
  .command('list')
  .description("List the data room's submitted plans: annotator, when, counts, approval.")
  .requiredOption(...roomOption)
  .option('--json', 'print JSON instead of text')
  .addOption(workspaceOption())
  .action(async (options: { room: string; json?: boolean; workspace?: string }) => {
    const { runPlansList } = await import('./plans-command.ts');
    await runPlansList(options);
  });

plans
  .command('compare')
  .description("Compare two annotators' submitted plans: per chapter, spans both cited and one only, with line-level Jaccard and Dice per chapter, per source and overall.")
  .argument('<annotatorA>', "the first plan's annotator")
  .argument('<annotatorB>', "the second plan's annotator")
  .requiredOption(...roomOption)
  .option('--json', 'print the comparison as JSON')
  .addOption(workspaceOption())
  .action(async (annotatorA: string, annotatorB: string, options: { room: string; json?: boolean; workspace?: string }) => {
    const { runPlansCompare } = await import('./plans-command.ts');
    await runPlansCompare(annotatorA, annotatorB, options);
  });

plans
  .command('approve')
  .description("Mark an annotator's submitted plan approved by a reviewer (now).")
  .requiredOption(...roomOption)
  .requiredOption('--annotator <name>', "whose plan")
  .requiredOption('--reviewer <name>', 'who approves it')
  .addOption(workspaceOption())
  .action(async (options: { room: string; annotator: string; reviewer: string; workspace?: string }) => {
    const { runPlansApprove } = await import('./plans-command.ts');
    await runPlansApprove(options);
  });

plans
  .command('unapprove')
  .description("Take back the approval of an annotator's submitted plan.")
  .requiredOption(...roomOption)
  .requiredOption('--annotator <name>', 'whose plan')
  .addOption(workspaceOption())
  .action(async (options: { room: string; annotator: string; workspace?: string }) => {
    const { runPlansUnapprove } = await import('./plans-command.ts');
    await runPlansUnapprove(options);
  });

plans
  .command('invite')
  .description("Create an invite link for one SME to their own plan in the data room (their profile is created when missing) and nothing else; the link is printed once, never again.")
  .requiredOption(...roomOption)
  .requiredOption('--name <name>', 'the annotator whose plan the link works on')
  .option('--expires <days>', 'days until the link stops working (1-365)', parseCount('--expires', 1, 365), 14)
  .option('--url <base>', "the app's address as SMEs reach it, e.g. your TLS proxy's (default http://127.0.0.1:4477/)")
  .option('--json', 'print {invite, link} as JSON')
  .addOption(workspaceOption())
  .action(async (options: { room: string; name: string; expires: number; url?: string; json?: boolean; workspace?: string }) => {
    const { runPlansInvite } = await import('./plans-command.ts');
    await runPlansInvite(options);
  });

plans
  .command('curate')
  .description("Take one item of an annotator's plan into the room's gold plan: accept it as it is, edit it in (or edit the gold item it became), or drop it (taking out what it became); each records where the gold item came from. One undoable step.")
  .argument('<action>', 'accept, edit or drop')
  .requiredOption(...roomOption)
  .option('--annotator <name>', "whose plan the item is in; without it, the workspace owner's")
  .option('--chapter <number|title|id>', 'the chapter of that plan (1 is the first): the whole chapter with its citations, unless --citation or --notes')
  .option('--citation <number|id>', "one citation of the chapter, by its number in the chapter (1 is the first) or id")
  .option('--notes', "the chapter's design notes; without --chapter, the plan's global notes")
  .option('--into <number|title|id>', "the gold chapter a citation or notes go into (default: the gold chapter made from the item's own chapter)")
  .option('--title <text>', "edit: the gold chapter's title")
  .option('--instruction <text>', "edit: the gold chapter's instruction")
  .option('--design-notes <text>', "edit: the gold chapter's design notes")
  .option('--lines <A-B>', "edit: the gold citation's lines in the same source version, e.g. 12-15")
  .option('--text <text>', "edit: the notes' text in the gold plan")
  .option('--note <text>', "the curator's word to the annotator, shown in their feedback")
  .option('--json', 'print the gold plan as JSON')
  .addOption(workspaceOption())
  .action(async (action: string, options: CurateOptions) => {
    const { runPlansCurate } = await import('./plans-curation-command.ts');
    await runPlansCurate(action, options);
  });

plans
  .command('gold')
  .description("The room's gold plan: show it with where each item came from and what was dropped, undo or redo the last curation step, or move a gold chapter to another place.")
  .argument('[verb]', 'show, undo, redo or move', 'show')
  .requiredOption(...roomOption)
  .option('--chapter <number|title|id>', 'move: the gold chapter to move (1 is the first)')
  .option('--to <number>', 'move: its new place (1 is the first; past the end means last)', parseCount('--to', 1, 1_000_000))
  .option('--json', 'print the gold plan as JSON')
  .addOption(workspaceOption())
  .action(async (verb: string, options: GoldOptions) => {
    const { runPlansGold } = await import('./plans-curation-command.ts');
    await runPlansGold(verb, options);
  });

plans
  .command('agreement')
  .description("Line-span agreement (Jaccard, Dice) between each pair of the room's plans (each annotator's, the owner's, the gold plan), per chapter and pooled, and the room's mean over annotators' pairs.")
  .requiredOption(...roomOption)
  .option('--json', 'print the agreement as JSON')
  .addOption(workspaceOption())
  .action(async (options: { room: string; json?: boolean; workspace?: string }) => {
    const { runPlansAgreement } = await import('./plans-curation-command.ts');
    await runPlansAgreement(options);
  });

plans
  .command('feedback')
  .description("What the curator kept, changed or dropped of one annotator's plan, item by item, with the curator's notes.")
  .requiredOption(...roomOption)
  .option('--annotator <name>', "whose plan; without it, the workspace owner's")
  .option('--json', 'print the feedback as JSON')
  .addOption(workspaceOption())
  .action(async (options: { room: string; annotator?: string; json?: boolean; workspace?: string }) => {
    const { runPlansFeedback } = await import('./plans-curation-command.ts');
    await runPlansFeedback(options);
  });

function parseResamples(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 100 || n > 20_000) throw new InvalidArgumentError('resamples is a whole number from 100 to 20000.');
  return n;
}

program
  .command('analyze')
  .description('Print the analysis report (leaderboards, judge agreement, human preference, alignment) recomputed from raw votes and judgments.')
  .option('--json', 'print the report as JSON (the analysis.report RPC output)')
  .option('--md', 'print the report as Markdown tables (the default)')
  .option('--out <file>', 'write the report to this file instead of stdout')
  .option('--resamples <n>', 'bootstrap resamples for every interval (100 to 20000)', parseResamples, 1000)
  .option('--seed <seed>', 'seed of every bootstrap; the same seed gives the same numbers', 'lhb-analysis')
  .option('--include-synthetic', "count the demo's records (its synthetic study, its arena bundles and the votes and judgments on them) even though records of your own exist (by default they are left out once any run, vote or judgment of your own exists)")
  .option('--exclude-synthetic', "leave the demo's records out even when nothing of your own exists yet")
  .option('--count-repeats', "count every vote, an annotator's repeats on a pair included (by default only each annotator's first vote on a pair counts; stderr says how many repeats there are)")
  .option('--exclude-fast-votes', "leave out votes cast faster than the fast-vote floor (3 s per pair unless the workspace sets another); by default they are counted and stderr says how many there are")
  .option('--study <id...>', 'count only these studies\' runs, and the votes and judgments whose runs are all theirs (ids, or their starts, as lhb runs status lists them; repeatable); the report names its scope')
  .addOption(workspaceOption())
  .action(async (options: { json?: boolean; md?: boolean; out?: string; resamples: number; seed: string; includeSynthetic?: boolean; excludeSynthetic?: boolean; countRepeats?: boolean; excludeFastVotes?: boolean; study?: string[]; workspace?: string }) => {
    const { runAnalyze } = await import('./analyze-command.ts');
    await runAnalyze(options);
  });

program
  .command('report')
  .description('Write the analysis report as a folder of static pages that open from disk in any browser (no server, no network): each section with its tables and charts, and a page per run with its prompt, trajectory, verifier findings, judgments and frames.')
  .requiredOption('--out <dir>', 'the folder to write (must not exist yet, or be empty); open its index.html')
  .option('--pdf', "also print the index to report.pdf through Chromium (/usr/bin/chromium, or LHB_CHROMIUM)")
  .option('--json', 'print what was written as JSON (the report.result RPC output)')
  .option('--resamples <n>', 'bootstrap resamples for every interval (100 to 20000)', parseResamples, 1000)
  .option('--seed <seed>', 'seed of every bootstrap; the same seed gives the same numbers as lhb analyze', 'lhb-analysis')
  .option('--include-synthetic', "count the demo's records even though records of your own exist, as lhb analyze does")
  .option('--exclude-synthetic', "leave the demo's records out even when nothing of your own exists yet")
  .option('--count-repeats', "count every vote, an annotator's repeats on a pair included")
  .option('--exclude-fast-votes', 'leave out votes cast faster than the fast-vote floor')
  .option('--study <id...>', "only these studies' runs, and the votes and judgments whose runs are all theirs (ids, or their starts; repeatable)")
  .addOption(workspaceOption())
  .action(async (options: { out: string; pdf?: boolean; json?: boolean; resamples: number; seed: string; includeSynthetic?: boolean; excludeSynthetic?: boolean; countRepeats?: boolean; excludeFastVotes?: boolean; study?: string[]; workspace?: string }) => {
    const { runReport } = await import('./report-command.ts');
    await runReport(options);
  });

program
  .command('search')
  .description("Search every run's record (prompt, messages, tool calls with their arguments and results, errors, verifier and capture findings), judges' evidence and voters' reasons; prints run, step, kind and a snippet per match.")
  .argument('<query>', 'words that must all appear (case and accents ignored), "an exact phrase" in double quotes, word* for words starting so, OR between two terms for either')
  .option('--runs', "only the runs' own records (prompts, messages, tool calls and results, errors, findings)")
  .option('--judgments', "only judges' evidence and rationales")
  .option('--votes', "only voters' reasons")
  .addOption(new Option('--kind <kind...>', 'only these kinds of entry (repeatable)').choices(['prompt', 'message', 'tool_call', 'tool_result', 'error', 'finding', 'evidence', 'reason']))
  .option('--study <id>', 'only runs of this study (its id, or its start as lhb runs status prints it)')
  .option('--limit <n>', 'matches to print (1 to 500)', parseCount('--limit', 1, 500), 50)
  .option('--offset <n>', 'matches to skip first (for the next page)', parseCount('--offset', 0, 1_000_000), 0)
  .option('--json', 'print {searched, hits: [{runId, studyId, step, kind, snippet: [{text, match}], task, configuration, judgment?, vote?}], total, runs, unindexedRuns}')
  .addOption(workspaceOption())
  .action(async (query: string, options: SearchOptions) => {
    const { runSearch } = await import('./search-command.ts');
    await runSearch(query, options);
  });

function parseDollars(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100_000) throw new InvalidArgumentError(`${name} is US dollars per million tokens, a number from 0 to 100000 (e.g. 1.25).`);
    return n;
  };
}

const prices = program.command('prices').description("Model prices per million tokens that costs are computed with: the shipped table (dated, each with its source) and this workspace's own.");

prices
  .command('list')
  .description("List every model's price in US dollars per million tokens (input, output, cache read, cache write), with its source or this workspace's own price; the shipped table's date on stderr.")
  .option('--json', 'print {checkedOn, prices: [{model, inputPerMillion, outputPerMillion, cacheReadPerMillion, cacheWritePerMillion, origin, provider, source, shipped, setAt}]}')
  .addOption(workspaceOption())
  .action(async (options: { json?: boolean; workspace?: string }) => {
    const { runPricesList } = await import('./prices-command.ts');
    await runPricesList(options);
  });

prices
  .command('set')
  .description("Set this workspace's own price of a model (over the shipped one, or for a model the table lacks); every cost shown is recomputed with it. Costs a harness reported itself are kept.")
  .argument('<model>', 'the model as harnesses and judges name it (e.g. claude-sonnet-4-5); a dated snapshot (…-20250929) takes its undated price')
  .requiredOption('--input <usd>', 'US dollars per million input tokens', parseDollars('--input'))
  .requiredOption('--output <usd>', 'US dollars per million output tokens', parseDollars('--output'))
  .option('--cache-read <usd>', 'US dollars per million input tokens read from the prompt cache (default: the input price)', parseDollars('--cache-read'))
  .option('--cache-write <usd>', 'US dollars per million input tokens written to the prompt cache (default: the input price)', parseDollars('--cache-write'))
  .option('--json', 'print the price list as lhb prices list --json does')
  .addOption(workspaceOption())
  .action(async (model: string, options: { input: number; output: number; cacheRead?: number; cacheWrite?: number; json?: boolean; workspace?: string }) => {
    const { runPricesSet } = await import('./prices-command.ts');
    await runPricesSet(model, options);
  });

prices
  .command('unset')
  .description("Remove this workspace's own price of a model: the shipped price applies again, or the model has no price (its costs show as unknown, never 0).")
  .argument('<model>', 'a model this workspace set a price for')
  .option('--json', 'print the price list as lhb prices list --json does')
  .addOption(workspaceOption())
  .action(async (model: string, options: { json?: boolean; workspace?: string }) => {
    const { runPricesUnset } = await import('./prices-command.ts');
    await runPricesUnset(model, options);
  });

const arena = program.command('arena').description('The blind preference arena: invite links for remote voters.');

arena
  .command('invite')
  .description("Create an invite link that votes as one annotator (created when missing) and reaches the arena's Vote view and nothing else; the link is printed once, never again.")
  .requiredOption('--name <name>', 'the annotator the link votes as')
  .option('--expires <days>', 'days until the link stops working (1-365)', parseCount('--expires', 1, 365), 14)
  .option('--url <base>', "the app's address as experts reach it, e.g. your TLS proxy's (default http://127.0.0.1:4477/)")
  .option('--json', 'print {invite, link} as JSON')
  .addOption(workspaceOption())
  .action(async (options: { name: string; expires: number; url?: string; json?: boolean; workspace?: string }) => {
    const { runArenaInvite } = await import('./arena-invite-command.ts');
    await runArenaInvite(options);
  });

arena
  .command('invites')
  .description('List invite links (status, expiry, last use; never their tokens), or revoke one: it stops working at its next request, its votes are kept.')
  .option('--revoke <id>', 'revoke this invite')
  .option('--json', 'print JSON instead of text')
  .addOption(workspaceOption())
  .action(async (options: { revoke?: string; json?: boolean; workspace?: string }) => {
    const { runArenaInvites } = await import('./arena-invite-command.ts');
    await runArenaInvites(options);
  });

const runs = program.command('runs').description('Run harnesses on tasks as studies, import agent runs (output bundles) and tasks for the arena, list and inspect them.');

runs
  .command('import')
  .description('Import task folders (task.json), output bundles (run.json + dist/, frames/, video.* and/or an ATIF trajectory.json) and Harbor trials (result.json + agent/trajectory.json), or folders of them; exits 1 if any failed, after importing the rest.')
  .argument('<dirs...>', 'task folders, bundle folders, or folders holding them')
  .option('--json', 'print one JSON object per folder: {path, kind, status, id|reason, detail}')
  .addOption(workspaceOption())
  .action(async (dirs: string[], options: { json?: boolean; workspace?: string }) => {
    const { runRunsImport } = await import('./runs-command.ts');
    await runRunsImport(dirs, options);
  });

runs
  .command('list')
  .description('List runs with task, harness, model, versions, study, mean judge score, votes won and artifacts; synthetic (demo study) runs are marked. Filters combine (every one must hold); a bad value exits 2.')
  .option('--task <id>', 'only the runs of this task')
  .option('--configuration <harness[/model]>', 'only this harness (any alias), or this harness with this model, e.g. codex/gpt-5-codex')
  .option('--skill-version <v>', 'only runs with this skill version (none, base, v2, …)')
  .option('--study <id>', 'only this study\'s runs (its id or its start, as lhb runs status prints it)')
  .option('--status <status>', 'succeeded, no-output (ended without an error, nothing in out/; not counted as succeeded), failed, timeout or cancelled')
  .option('--error-type <type>', 'only runs whose trajectory has an error of this type, recovered or not: tool, build, syntax-type, runtime, config, network, test, permission, not-found, timeout or verifier')
  .option('--finding <kind>', 'only runs the verifier or frame capture found this kind of fault in (build-error, missing-build, runtime-error, broken-route, blank-render, timeout, …)')
  .option('--score <min..max>', 'the mean of the run\'s judge scores (every judge, rubric and turn; failed judgments left out; a 3-point rubric\'s 0, 1, 2 count as 1, 3, 5) within this range, e.g. 3..5, 4.. or ..2.5; unscored runs are left out')
  .option('--won <n>', 'only runs that won at least n arena votes (retracted votes not counted)')
  .option('--sort <field[:desc]>', 'sort by task, configuration, skill, study, status, started, score or won (default: import order); :desc for descending, runs without a value last')
  .option('--all-attempts', 'also list the earlier attempts of runs retried after they were judged or voted on, kept with their judgments and votes (NOTES says "attempt 1 of 2, superseded"); without it, each run\'s current attempt only, as the figures count them')
  .option('--json', 'print JSON instead of text: an array of runs, each with studyId, studyName, skillVersion, meanScore, judgments, votesWon and errorTypes (and attempt, attemptCount, superseded for a run with earlier attempts)')
  .addOption(workspaceOption())
  .action(async (options: RunsListFlags & { allAttempts?: boolean; json?: boolean; workspace?: string }) => {
    const { runRunsList } = await import('./runs-command.ts');
    await runRunsList(options);
  });

runs
  .command('compare')
  .description('Compare two runs, normally of one task: their figures side by side, the first step where they diverge (steps aligned by tool and file or command), their out/ files changed, added and removed, and their judges\' scores per rubric. Runs of two tasks are compared with a warning.')
  .argument('<a>', 'run A: a run id or its start, as lhb runs list prints it')
  .argument('<b>', 'run B')
  .option('--json', 'print {a, b, sameTask, warnings, stepsA, stepsB, rows: [{kind, a, b}], divergence: {row, a, b}, files: [{path, change, unified, …}], scores: [{judge, rubricSet, rubric, turn, a, b}]} (steps 0-based)')
  .addOption(workspaceOption())
  .action(async (a: string, b: string, options: { json?: boolean; workspace?: string }) => {
    const { runRunsCompare } = await import('./runs-compare-command.ts');
    await runRunsCompare(a, b, options);
  });

runs
  .command('parse')
  .description('Parse a transcript into a trajectory with its error→recovery events and print their summary; stores nothing. Exits 2 on a bad --harness or --format, 1 on a file it cannot read.')
  .argument('<file>', "a harness's transcript (its stdout), or with --format atif a Harbor trajectory.json")
  .option('--harness <name>', 'the harness that wrote it, by its id as lhb harnesses lists them (with --format atif: relabel the file)')
  .option('--format <format>', 'transcript or atif', 'transcript')
  .option('--json', 'print {trajectory: {steps, toolCalls, failedToolCalls, tokens: {input, output}}, errors: [{step, type, message, recovered}]}')
  .action(async (file: string, options: { harness?: string; format?: string; json?: boolean }) => {
    const { runRunsParse } = await import('./runs-parse-command.ts');
    await runRunsParse(file, options);
  });

runs
  .command('verify')
  .description("Check an agent's app: build it (npm run build when package.json has a build script), serve out/dist/ and load each route in Chromium; prints the findings and the next required action, exits 1 when there are findings.")
  .option('--workdir <dir>', "the agent's working folder (default: the current folder); a run's routes come from its verifier/verify.json")
  .option('--socket <path>', "ask the run's verifier service (the engine) at this socket to check, instead of checking here; with --hook or --mcp")
  .option('--hook <harness>', "run as the post-tool hook of the harness with this id (PostToolUse, AfterTool): reads the hook's JSON on stdin and answers in its format")
  .option('--mcp', 'serve the verify_build tool over stdio (MCP), for a harness without a post-tool hook')
  .option('--json', 'print {ok, findings: [{kind, route?, detail}], nextAction}')
  .action(async (options: { workdir?: string; socket?: string; hook?: string; mcp?: boolean; json?: boolean }) => {
    const { runRunsVerify } = await import('./runs-verify-command.ts');
    await runRunsVerify(options);
  });

function parseCount(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} is a whole number from ${min} to ${max}.`);
    return n;
  };
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

runs
  .command('start')
  .description('Run harnesses on tasks as a study (tasks × harnesses × repeats) and follow it to its end; exits 1 if any run did not succeed. Ctrl+C cancels; lhb runs resume continues.')
  .option('--spec <file>', 'a study file (YAML or JSON; see the README): tasks, configurations each with its own model, endpoint and key variable, skill versions, repeats; instead of the flags below')
  .option('--task <dir|id>', 'a task folder (imported first; its inputs/ are given to the agent) or a task id; repeatable', collect)
  .option('--harness <name>', 'a harness by its id as lhb harnesses lists them (an alias such as codex-cli is taken as its id); repeatable', collect)
  .option('--model <m>', 'the model every harness uses (default: each harness\'s own default)')
  .option('--endpoint <url>', 'the model API base URL (a proxy, a gateway, a local server)')
  .option('--api-key-env <NAME>', 'the environment variable holding the API key; its value is passed to the harness, never stored')
  .option('--skill <dir>', 'the skill folder to install (SKILL.md; versions in versions/<v>/SKILL.md)')
  .option('--skill-version <v>', 'install versions/<v>/SKILL.md instead of the base SKILL.md; repeatable, each one arm of every harness (none: without SKILL.md, base: the folder\'s own)', collect)
  .option('--no-skill', 'run without a skill (an ablation)')
  .option('--repeats <n>', 'runs per task and harness', parseCount('repeats', 1, 100))
  .option('--concurrency <n>', 'runs at the same time (default 2)', parseCount('concurrency', 1, 64))
  .option('--timeout <s>', 'wall-clock limit per run in seconds (default 3600)', parseCount('timeout', 1, 7 * 24 * 3600))
  .option('--command <cmd>', 'the command line of --harness command')
  .option('--name <name>', 'name the study; starting a study of the same name again resumes it (refused if its configuration changed)')
  .option('--script <file>', 'play this replay script from a local scripted model server instead of calling a model API')
  .option('--demo', 'run the installed harnesses on the demo task against the scripted model server, with the demo skill (no API key needed)')
  .option('--json', 'print JSON lines: one per run change, the last {studyId, runs: [{id, status}]}')
  .option('--executor <where>', 'local (this machine, the default) or slurm (each run one batch job on a Slurm cluster; see the README)')
  .option('--slurm-partition <p>', 'the Slurm partition for the runs\' jobs (remembered per workspace)')
  .option('--slurm-account <a>', 'the Slurm account to charge (remembered per workspace)')
  .option('--slurm-ssh <host>', 'run sbatch/squeue/scancel on this login node through ssh (your own SSH config; remembered per workspace)')
  .option('--slurm-opt <option>', 'one more sbatch option, e.g. "--qos=long"; repeatable (remembered per workspace)', collect)
  .option('--shared-dir <dir>', 'a folder this machine and every compute node see at the same path; the run folders go there (remembered per workspace)')
  .option('--allow-mcp-env <NAME>', 'an environment variable the tasks\' MCP servers may receive (what their task.json\'s env_from or headers_from names); repeatable; a task naming any other is refused before the study starts', collect)
  .option('--detach', 'start the study in a background process and return its id')
  .option('--network <mode>', 'host (default: the machine\'s network, for the model API), none (loopback only; the scripted model server is still reached) or endpoint-only (only the model endpoint and the task\'s HTTP MCP servers, through a proxy the engine runs)')
  .option('--memory-mb <n>', 'memory per run inside its sandbox (default 16384)', parseCount('memory-mb', 64, 4_194_304))
  .option('--max-processes <n>', 'processes and threads per run inside its sandbox (default 2048)', parseCount('max-processes', 8, 1_000_000))
  .option('--disk-mb <n>', 'disk use of each run\'s folder; no one file may be larger (default 32768)', parseCount('disk-mb', 16, 1_073_741_824))
  .option('--no-sandbox', 'run the harnesses as ordinary processes of yours instead of inside bubblewrap (recorded on every run; an agent can then read and change your files)')
  .addOption(workspaceOption())
  .action(async (options: Record<string, unknown>) => {
    const { runRunsStart } = await import('./runs-engine-command.ts');
    await runRunsStart(options);
  });

runs
  .command('status')
  .description('List studies with their runs\' states and cost, or one study\'s runs (status, elapsed, steps, tool calls, tokens, cost, last event) with its cost per configuration and per judge.')
  .argument('[study]', 'a study id (or its start, as this list prints it); with --json its resolved spec too')
  .option('--json', 'print JSON instead of text')
  .addOption(workspaceOption())
  .action(async (study: string | undefined, options: { json?: boolean; workspace?: string }) => {
    const { runRunsStatus } = await import('./runs-engine-command.ts');
    await runRunsStatus(study, options);
  });

runs
  .command('spec')
  .description('Print a study\'s spec as a study file (YAML: paths absolute, defaults filled in), to run it again here or elsewhere with lhb runs start --spec.')
  .argument('<study>', 'the study\'s id (or its start, as lhb runs status prints it)')
  .addOption(workspaceOption())
  .action(async (studyId: string, options: { workspace?: string }) => {
    const { runRunsSpec } = await import('./runs-engine-command.ts');
    await runRunsSpec(studyId, options);
  });

runs
  .command('resume')
  .description('Run what is left of a study (unfinished and cancelled runs; finished ones are kept) and follow it; exits 1 if any run did not succeed. Ctrl+C cancels.')
  .argument('<study>', 'a study id')
  .option('--retry-failed', 'also run again its runs that did not succeed: failed (auth and quota failures too), timed out, or with no output')
  .option('--json', 'print JSON lines, the last {studyId, runs: [{id, status}]}')
  .addOption(workspaceOption())
  .action(async (study: string, options: { json?: boolean; workspace?: string; retryFailed?: boolean }) => {
    const { runRunsResume } = await import('./runs-engine-command.ts');
    await runRunsResume(study, options);
  });

runs
  .command('retry')
  .description("Run a finished run again in its place (failed, timed out, cancelled or with no output; not one votes or judgments name), or with --failed every such run of a study, and follow the study; exits 1 if any run did not succeed. Ctrl+C cancels.")
  .argument('<id>', 'a study run id (or the stored run id lhb runs list prints), or with --failed a study id')
  .option('--failed', 'retry every run of the study that did not succeed: failed (auth and quota failures too, which are never retried on their own), timed out, or with no output')
  .option('--json', 'print JSON lines, the last {studyId, runs: [{id, status}]}')
  .addOption(workspaceOption())
  .action(async (id: string, options: { failed?: boolean; json?: boolean; workspace?: string }) => {
    const { runRunsRetry } = await import('./runs-engine-command.ts');
    await runRunsRetry(id, options);
  });

runs
  .command('cancel')
  .description('Stop a study, or one run of it, wherever it runs (this machine\'s app or another lhb); finished runs are kept.')
  .argument('<id>', 'a study id or a run id')
  .addOption(workspaceOption())
  .action(async (id: string, options: { workspace?: string }) => {
    const { runRunsCancel } = await import('./runs-engine-command.ts');
    await runRunsCancel(id, options);
  });

runs
  .command('exec')
  .description('Run one prepared run folder\'s harness with its limits and record how it ended (what each Slurm job of a study runs on its compute node; the engine imports the result).')
  .argument('<run-folder>', 'a run folder the run engine prepared on the shared filesystem (it holds slurm/exec.json)')
  .option('--exec-sha256 <hex>', 'run slurm/exec.json only if its SHA-256 is this (the job script the engine writes gives it)')
  .option('--outcome <file>', 'where to record how the harness ended (default: slurm/outcome.json in the run folder)')
  .action(async (folder: string, options: { execSha256?: string; outcome?: string }) => {
    const { runRunsExec } = await import('./runs-exec-command.ts');
    await runRunsExec(folder, options);
  });

runs
  .command('show')
  .description('Show a run: configuration, harness version, status, trajectory summary, errors with their recoveries, artifacts.')
  .argument('<run>', 'a run id (imported or executed) or a study run id')
  .option('--json', 'print {id, task, harness, harnessVersion, model, versions, status, durationMs, trajectory, errors, artifacts}; with --transcript {trajectory: {steps, …}, errors} as stored (step index from 0)')
  .option('--transcript', 'print the trajectory step by step: step number and who spoke, text, each tool call with short arguments and its result\'s first lines, failed calls marked ✗ with their error and recovery, recovering calls ✓; exits 1 for a run without a trajectory')
  .option('--steps', 'the same as --transcript')
  .addOption(workspaceOption())
  .action(async (run: string, options: { json?: boolean; transcript?: boolean; steps?: boolean; workspace?: string }) => {
    const { runRunsShow } = await import('./runs-engine-command.ts');
    await runRunsShow(run, options);
  });

runs
  .command('export-atif')
  .description("Write a run's trajectory (executed here, or imported with one) as Harbor's ATIF trajectory.json; it imports back unchanged.")
  .argument('<run>', 'a run id (imported or executed) or a study run id')
  .option('--out <file>', 'write to this file instead of stdout')
  .addOption(workspaceOption())
  .action(async (run: string, options: { out?: string; workspace?: string }) => {
    const { runRunsExportAtif } = await import('./runs-atif-command.ts');
    await runRunsExportAtif(run, options);
  });

const harnesses = program
  .command('harnesses')
  .description('List the harnesses with the version of each CLI found on PATH or in the workspace\'s tools folder, and how to install what is missing.')
  .option('--json', 'print JSON instead of text')
  .addOption(workspaceOption())
  .action(async (options: { json?: boolean; workspace?: string }) => {
    const { runHarnessesList } = await import('./harnesses-command.ts');
    await runHarnessesList(options);
  });

harnesses
  .command('install')
  .description('Install a harness CLI from npm into the workspace\'s tools folder ($LHB_TOOLS_DIR overrides it), at the pinned version unless --version says otherwise.')
  .argument('<name>', 'the id of a harness with a CLI to install, as lhb harnesses lists them')
  .option('--version <v>', 'the npm version to install')
  .option('--json', 'print {harness, binary, version}')
  .addOption(workspaceOption())
  .action(async (name: string, options: { version?: string; json?: boolean; workspace?: string }) => {
    const { runHarnessesInstall } = await import('./harnesses-command.ts');
    await runHarnessesInstall(name, options);
  });

const judge = program
  .command('judge')
  // Its own flags (--json, --workspace) come before a subcommand; after one, they are the subcommand's.
  .enablePositionalOptions()
  .description('Judge every run that has what the tier needs with LLM/VLM judges against the rubric sets for its task\'s kind, with progress and cost; runs left out are listed with why; exits 0 when every reply is stored (failed ones included and counted), 2 on bad flags.')
  .option('--judges <file>', `JSON array of judges: [{"name", "provider": ${judgeProviderChoices()}, "baseUrl", "model", "apiKeyEnv", "maxConcurrency"?}]; lhb judge providers lists the providers`)
  .option('--tier <tier>', 'process, output or content (default output; process with --control guess-harness)')
  .option('--rubrics <name@version>', 'a rubric set to judge with (default: every expert set of the tier at the scale); each run is judged only with the sets for its task\'s kind; repeatable', collect)
  .option('--scale <n>', '3 (0/1/2) or 5 (1-5)')
  .option('--pairwise', 'compare pairs of runs of a task instead: each judge sees both runs, blind, and picks one or a tie, asked twice with the sides swapped (a verdict that flips with the side is a tie); prints each judge\'s flip rate and agreement with the humans\' votes on the same pairs, with 95% intervals over tasks')
  .option('--pairs <which>', 'with --pairwise: voted (the pairs people voted on in the arena) or all (every pair of configurations per task); default voted when there are votes, else all')
  .option('--task <id...>', 'only the runs of these tasks')
  .option('--run <id...>', 'only these runs')
  .option('--turn <n>', "the turn of multi-turn runs to judge (its files, its part of the trajectory, and for a revision turn the request it answered); default each run's last turn")
  .option('--control <kind>', 'no-artifact: ask each judge to score the same runs from the task and rubrics alone (no transcript, frames or files); lhb analyze shows how much the artifact moves each rubric. guess-harness: show each judge each run\'s blinded trajectory and ask which of the runs\' harnesses made it, or "cannot tell" (the process tier, no rubrics); lhb analyze shows each judge\'s accuracy against chance and flags one that tells harnesses apart. Either is kept apart from the scores, never counted in leaderboards, κ or Elo')
  .option('--json', 'print the summary as JSON: {jobId, state, control, runs, skipped, units, judgments, requests, tokens, costUsd (judges with a price), unpricedJudges, failures}')
  .addOption(workspaceOption())
  .action(async (options: Record<string, unknown>) => {
    const { runJudge } = await import('./judge-command.ts');
    await runJudge(options);
  });

judge
  .command('list')
  .description('Print stored judgments (scored and failed) with their rubric set version, scale, level and evidence; those left out of every figure (a set for another task kind) are marked with why.')
  .option('--run <id>', 'only this run\'s judgments')
  .option('--json', 'print JSON (JudgmentView[])')
  .addOption(workspaceOption())
  .action(async (options: { run?: string; json?: boolean; workspace?: string }) => {
    const { runJudgeList } = await import('./judge-command.ts');
    await runJudgeList(options);
  });

judge
  .command('import')
  .description('Import judgments made elsewhere: JSON lines {runId, judge, model?, rubricSet: "NAME@VERSION", scale?, reply}, each checked like a judge\'s reply; exits 1 if any line was refused (the rest are stored).')
  .argument('<file>', 'a JSON-lines file')
  .option('--json', 'print {imported, unchanged, judgments, errors}')
  .addOption(workspaceOption())
  .action(async (file: string, options: { json?: boolean; workspace?: string }) => {
    const { runJudgeImport } = await import('./judge-command.ts');
    await runJudgeImport(file, options);
  });

judge
  .command('compare')
  .description('Inter-judge agreement (mean pairwise quadratic κ) per rubric set version on the same runs: the expert-vs-generic rubric comparison.')
  .option('--tier <tier>', 'process, output or content', 'process')
  .option('--include-synthetic', "count the demo's judgments too (synthetic ones, and those of its arena bundles)")
  .option('--json', 'print JSON')
  .addOption(workspaceOption())
  .action(async (options: { tier?: string; includeSynthetic?: boolean; json?: boolean; workspace?: string }) => {
    const { runJudgeCompare } = await import('./judge-command.ts');
    await runJudgeCompare(options);
  });

judge
  .command('providers')
  .description("List the providers a judges file may name, each with the model API it speaks, a base URL of the provider's own service and the variable its key is usually in.")
  .option('--json', 'print JSON: [{provider, api, baseUrl, apiKeyEnv}]')
  .action(async (options: { json?: boolean }) => {
    const { runJudgeProviders } = await import('./judge-providers-command.ts');
    runJudgeProviders(options);
  });

program
  .command('export')
  .description('Export the workspace as a dataset.')
  .command('hf')
  .description('Write a Hugging Face dataset folder: README.md (the dataset card) and data/<subset>/<split>-00000-of-00001.parquet|jsonl; written aside and renamed into place when complete. With --push, upload it to the Hub.')
  .option('--out <dir>', 'the folder to create (it must not exist, or be empty); needed unless --push is given')
  .option('--format <format>', 'parquet or jsonl', 'parquet')
  .option('--subsets <list>', 'comma-separated: sources, chapters, preferences, preference_pairs, judgments, runs, rubrics, skills, tasks, studies, trajectories, pairwise_verdicts, control_judgments, harness_guesses (default: all)')
  .option('--pseudonymise', 'replace annotator names with stable pseudonyms')
  .option('--include-synthetic', "add the demo's records: the demo study's synthetic ones as each subset's synthetic split, its data room, sources, chapters, arena bundles and the votes and judgments on them in train (left out by default)")
  .option('--license <id>', "the card's license: one of the Hub's ids (https://huggingface.co/docs/hub/repositories-licenses), or other", 'unknown')
  .option('--license-name <id>', 'with --license other: the license\'s own id, short, lowercase, no spaces (e.g. my-license-1.0)')
  .option('--license-link <url>', 'with --license other: where its text is, a URL or LICENSE / LICENSE.md in the dataset\'s repository')
  .option('--study <id...>', 'export only these studies\' runs, and the votes and judgments whose runs are all theirs (ids, or their starts, as lhb runs status lists them; repeatable); sources, chapters and rubrics as without')
  .option('--push <owner/name>', 'then upload the folder to this dataset repository on the Hugging Face Hub (created if missing), with the token in HF_TOKEN or the file hf auth login writes; pushing again re-sends only what had not arrived, and keeps card fields edited on the Hub')
  .option('--private', 'with --push: create the repository private')
  .option('--revision <branch>', 'with --push: the branch to commit to, created from main if missing (default: main)')
  .option('--hub-url <url>', 'with --push: the Hub to push to (default: https://huggingface.co)')
  .option('--json', 'print the result (files, row counts, and the push) as JSON')
  .addOption(workspaceOption())
  .action(async (options: { out?: string; format?: string; subsets?: string; pseudonymise?: boolean; includeSynthetic?: boolean; license?: string; licenseName?: string; licenseLink?: string; study?: string[]; push?: string; private?: boolean; revision?: string; hubUrl?: string; json?: boolean; workspace?: string }) => {
    const { runExportHf } = await import('./export-command.ts');
    await runExportHf(options);
  });

program
  .command('import')
  .description('Import a dataset into the workspace.')
  .command('hf')
  .description('Import (merge) a dataset folder lhb export hf wrote: checked whole first, then written in one transaction; conflicts (a chapter both sides edited) are kept both ways and listed.')
  .argument('<dir>', 'the dataset folder (README.md and data/)')
  .option('--json', 'print the result (per subset, conflicts, notes) as JSON')
  .addOption(workspaceOption('workspace folder (one that does not exist yet is created empty, without the demo)'))
  .action(async (dir: string, options: { json?: boolean; workspace?: string }) => {
    const { runImportHf } = await import('./import-command.ts');
    await runImportHf(dir, options);
  });

program
  .command('workspace')
  .description('Look after the workspace folder.')
  .command('verify')
  .description("Check the workspace: SQLite's integrity check of the database, then every stored file against its recorded size and SHA-256; exits 1 naming what is damaged.")
  .addOption(workspaceOption())
  .action(async (options: { workspace?: string }) => {
    const { runWorkspaceVerify } = await import('./workspace-verify-command.ts');
    await runWorkspaceVerify(options);
  });

program
  .command('stats')
  .description('Compute a statistic from one JSON object on stdin and print it as JSON; exits 2 on unusable input.')
  .argument('<name>', 'kappa, binomtest, kruskal, cohens-h, bt, cycles or bootstrap')
  .action(async (name: string) => {
    const { runStats } = await import('./stats-stdin-command.ts');
    await runStats(name);
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`lhb: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
