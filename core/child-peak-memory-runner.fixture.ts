// The child process of callInChildProcess (child-peak-memory.fixture.ts): calls one exported
// function with JSON arguments and prints, as its last line, how it ended and the process's peak
// resident memory (process.resourceUsage().maxRSS counts every thread, workers too).
const { module, exportName, args } = JSON.parse(process.argv[2]!) as { module: string; exportName: string; args: unknown[] };
const maxRssBytes = () => process.resourceUsage().maxRSS * 1024;
try {
  const loaded = (await import(module)) as Record<string, (...values: unknown[]) => unknown>;
  const value = await loaded[exportName]!(...args);
  process.stdout.write(`\n${JSON.stringify({ outcome: 'returned', value, maxRssBytes: maxRssBytes() })}\n`);
} catch (error) {
  process.stdout.write(`\n${JSON.stringify({ outcome: 'threw', message: error instanceof Error ? error.message : String(error), maxRssBytes: maxRssBytes() })}\n`);
}
process.exit(0);
