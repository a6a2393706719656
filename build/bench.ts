// `npm run bench`: runs every *.bench.ts in the project and prints each figure with the peer
// measured in the same run. Benchmarks report; they never fail the test suite.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatResult, type BenchResult } from './bench-harness.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOMS = ['build', 'core', 'renderer', 'schemas', 'electron'];
const filter = process.argv[2];

function findBenches(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findBenches(path);
    return entry.name.endsWith('.bench.ts') ? [path] : [];
  });
}

const files = ROOMS.flatMap((room) => findBenches(join(root, room))).filter((f) => !filter || f.includes(filter));
console.log(`LH-Bench Studio benchmarks on ${process.platform} ${process.arch}, Node ${process.version}, ${new Date().toISOString()}`);
let anyMissed = false;
const failed: string[] = [];
for (const file of files) {
  console.log(`\n${relative(root, file)}`);
  // One bench that cannot run (a peer missing, a fixture gone stale) is said and the others still run.
  try {
    const bench = (await import(pathToFileURL(file).href)) as { default: () => BenchResult[] | Promise<BenchResult[]> };
    for (const result of await bench.default()) {
      console.log(`  ${formatResult(result)}`);
      if (result.target && !result.target.met) anyMissed = true;
    }
  } catch (error) {
    failed.push(relative(root, file));
    console.log(`  did not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
console.log(anyMissed ? '\nSome targets were not met (see above).' : '\nAll targets met.');
if (failed.length > 0) {
  console.log(`${failed.length} benchmark file(s) did not run: ${failed.join(', ')}.`);
  process.exitCode = 1;
}
