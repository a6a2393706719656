// The `lhb` command's entry (bin/lhb.mjs runs its build). `lhb stats <name>` is a filter from
// stdin to stdout with no options, so it goes straight to its module: loading commander and
// registering every other command (main.ts) took that command longer than reading and fitting
// 100,000 votes' worth of input did. Every other command line, `lhb stats --help` among them,
// is main.ts's.

import { makeProcessNonDumpable } from '../non-dumpable-process.ts';

const [command, name, ...rest] = process.argv.slice(2);
if (command === 'stats' && name !== undefined && !name.startsWith('-') && rest.length === 0) {
  // What main.ts's preAction hook does for every command it runs.
  makeProcessNonDumpable();
  try {
    const { runStats } = await import('./stats-stdin-command.ts');
    await runStats(name);
  } catch (error) {
    process.stderr.write(`lhb: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
} else {
  await import('./main.ts');
}
