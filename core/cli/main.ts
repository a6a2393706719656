import { Command, InvalidArgumentError } from 'commander';
import { appVersion } from '../app-paths.ts';

// Only commander and this file load for `lhb --help`; each command imports its own modules
// when it runs, so the CLI starts in well under 150 ms.

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0 picks a free one).');
  return port;
}

const program = new Command()
  .name('lhb')
  .description(
    'LH-Bench Studio: cite sources into chapter plans, import agent runs, cast blind preference votes and analyse them. ' +
      'Coming, not in this version: running agent harnesses, judging runs with LLM/VLM judges, and exporting datasets.',
  )
  .version(appVersion, '-v, --version')
  .showHelpAfterError('(run "lhb --help" or "lhb <command> --help" for usage)')
  .addHelpText('after', '\nThe workspace is --workspace DIR, else $LHB_WORKSPACE, else the app-data folder of this platform.');

program
  .command('serve')
  .description('Serve the app in a browser (127.0.0.1 only by default) on a workspace until interrupted.')
  .option('-p, --port <n>', 'port to listen on; 0 picks a free one', parsePort, 4477)
  .option('-H, --host <host>', 'interface to bind; anything but loopback (e.g. 0.0.0.0) is refused unless --allow-remote is given', '127.0.0.1')
  .option('--allow-remote', 'let --host expose the workspace to other machines over plain HTTP (put a TLS reverse proxy in front); they cannot import by path')
  .option('--no-open', 'do not open a browser window')
  .option('-w, --workspace <dir>', 'workspace folder (created and seeded with the demo on first use)')
  .action(async (options: { port: number; host: string; allowRemote?: boolean; open: boolean; workspace?: string }) => {
    const { runServe } = await import('./serve-command.ts');
    await runServe(options);
  });

program
  .command('info')
  .description('Print the workspace: where it is, its project, schema version and counts.')
  .option('-w, --workspace <dir>', 'workspace folder')
  .option('--json', 'print JSON instead of text')
  .action(async (options: { workspace?: string; json?: boolean }) => {
    const { runInfo } = await import('./info-command.ts');
    await runInfo(options);
  });

const sources = program.command('sources').description('Import sources (PDF, HTML, Markdown, text) and read their numbered lines.');

sources
  .command('add')
  .description('Import files or folders (walked for .pdf .html .htm .md .markdown .txt); exits 1 if any file failed, after importing the rest.')
  .argument('<paths...>', 'files or folders to import')
  .option('--course <id>', 'the course (data room) to import into')
  .option('--json', 'print one JSON object per source: {id, title, type, lineCount, sha256, sections}')
  .option('-w, --workspace <dir>', 'workspace folder')
  .action(async (paths: string[], options: { course?: string; json?: boolean; workspace?: string }) => {
    const { runSourcesAdd } = await import('./sources-command.ts');
    await runSourcesAdd(paths, options);
  });

sources
  .command('list')
  .description('List sources with their type, line count and newest version.')
  .option('--course <id>', 'only the sources of this course')
  .option('--json', 'print JSON instead of text')
  .option('-w, --workspace <dir>', 'workspace folder')
  .action(async (options: { course?: string; json?: boolean; workspace?: string }) => {
    const { runSourcesList } = await import('./sources-command.ts');
    await runSourcesList(options);
  });

sources
  .command('show')
  .description('Print a source\'s newest version as numbered lines ("0012| text").')
  .argument('<id>', 'source id (see "lhb sources list")')
  .option('--lines <A-B>', 'only lines A to B, e.g. 12-15')
  .option('-w, --workspace <dir>', 'workspace folder')
  .action(async (id: string, options: { lines?: string; workspace?: string }) => {
    const { runSourcesShow } = await import('./sources-command.ts');
    await runSourcesShow(id, options);
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
  .option('--include-synthetic', "count the demo study's synthetic votes and judgments even though real ones exist (by default they are left out once any real vote or judgment exists)")
  .option('--exclude-synthetic', "leave the demo study's synthetic votes and judgments out even when nothing real exists yet")
  .option('-w, --workspace <dir>', 'workspace folder')
  .action(async (options: { json?: boolean; md?: boolean; out?: string; resamples: number; seed: string; includeSynthetic?: boolean; excludeSynthetic?: boolean; workspace?: string }) => {
    const { runAnalyze } = await import('./analyze-command.ts');
    await runAnalyze(options);
  });

const runs = program.command('runs').description('Import agent runs (output bundles) and tasks for the arena; list them.');

runs
  .command('import')
  .description('Import task folders (task.json) and output bundles (run.json + dist/, frames/, video.*), or folders of them; exits 1 if any failed, after importing the rest.')
  .argument('<dirs...>', 'task folders, bundle folders, or folders holding them')
  .option('--json', 'print one JSON object per folder: {path, kind, status, id|reason, detail}')
  .option('-w, --workspace <dir>', 'workspace folder')
  .action(async (dirs: string[], options: { json?: boolean; workspace?: string }) => {
    const { runRunsImport } = await import('./runs-command.ts');
    await runRunsImport(dirs, options);
  });

runs
  .command('list')
  .description('List imported runs with task, harness, model, versions and artifacts; synthetic (demo study) runs are marked.')
  .option('--task <id>', 'only the runs of this task')
  .option('--json', 'print JSON instead of text')
  .option('-w, --workspace <dir>', 'workspace folder')
  .action(async (options: { task?: string; json?: boolean; workspace?: string }) => {
    const { runRunsList } = await import('./runs-command.ts');
    await runRunsList(options);
  });

runs
  .command('parse')
  .description('Parse a transcript into a trajectory with its error→recovery events and print their summary; stores nothing. Exits 2 on a bad --harness or --format, 1 on a file it cannot read.')
  .argument('<file>', "a harness's transcript (its stdout), or with --format atif a Harbor trajectory.json")
  .option('--harness <name>', 'the harness that wrote it: claude-code, codex, gemini-cli or command (with --format atif: relabel the file)')
  .option('--format <format>', 'transcript or atif', 'transcript')
  .option('--json', 'print {trajectory: {steps, toolCalls, failedToolCalls, tokens: {input, output}}, errors: [{step, type, message, recovered}]}')
  .action(async (file: string, options: { harness?: string; format?: string; json?: boolean }) => {
    const { runRunsParse } = await import('./runs-parse-command.ts');
    await runRunsParse(file, options);
  });

program
  .command('stats')
  .description('Compute a statistic from one JSON object on stdin and print it as JSON; exits 2 on unusable input.')
  .argument('<name>', 'kappa, binomtest, kruskal, cohens-h, bt, cycles or bootstrap')
  .action(async (name: string) => {
    const { runStats } = await import('./stats-command.ts');
    await runStats(name);
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`lhb: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
