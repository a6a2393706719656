import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIVE_SYSTEMS } from '../stats/comparisons.fixture.ts';
import { computeStatistic } from './stats-command.ts';
import { computePlainBradleyTerry } from './stats-stdin-command.ts';

// `lhb stats bt` on 100,000 votes spent most of its time loading zod and every other statistic,
// parsing the JSON into 100,000 objects and checking each with zod, before a fit of a few
// milliseconds. Plain input (votes whose names are plain strings, the documented keys) is now read
// straight into counts; everything else goes the zod way, so the printed result and every
// message stay what they were.

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const SPAWNING_TEST_TIMEOUT_MS = 60_000;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-stats-bt-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs `lhb stats bt` from source, recording every module URL the process resolved. */
function statsBtRecordingModules(stdin: string): { status: number | null; stdout: string; stderr: string; modules: string[] } {
  const log = join(root, 'resolved.txt');
  writeFileSync(log, '');
  const hooks = `import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) {\n  const resolved = await next(specifier, context);\n  appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');\n  return resolved;\n}\n`;
  const probe = join(root, 'probe.mjs');
  writeFileSync(probe, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`);
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(probe).href, MAIN, 'stats', 'bt'], { encoding: 'utf8', input: stdin });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, modules: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const loadsZod = (modules: string[]) => modules.some((url) => /[\\/]node_modules[\\/]zod[\\/]/.test(url));

describe('lhb stats bt (spawned)', () => {
  it('reads plain votes without loading zod or the other statistics, and prints what the zod path prints', () => {
    const input = JSON.stringify({ comparisons: FIVE_SYSTEMS, bootstrap: 50, seed: 3 });
    const run = statsBtRecordingModules(input);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(loadsZod(run.modules)).toBe(false);
    expect(run.modules.filter((url) => /kruskal-wallis|cohens-kappa|binomial-test/.test(url))).toEqual([]);
    const zodPath = computeStatistic('bt', input);
    expect(zodPath.ok).toBe(true);
    expect(run.stdout).toBe(`${JSON.stringify((zodPath as { output: unknown }).output)}\n`);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('reads stdin that arrives in pieces, as a pipe from a slow writer delivers it', async () => {
    const input = JSON.stringify({ comparisons: FIVE_SYSTEMS, bootstrap: 20, seed: 1 });
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'stats', 'bt'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.write(input.slice(0, 100));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdin.end(input.slice(100));
    expect(await exited).toBe(0);
    expect(stdout).toBe(`${JSON.stringify((computeStatistic('bt', input) as { output: unknown }).output)}\n`);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('still names the field of a bad vote, through zod', () => {
    const run = statsBtRecordingModules(JSON.stringify({ comparisons: [{ a: 'x', b: 'y', winner: 'a' }, { a: 'x', b: 'y', winner: 'left' }] }));
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('lhb stats bt: comparisons[1].winner: expected "a", "b" or "tie"\n');
    expect(loadsZod(run.modules)).toBe(true);
  }, SPAWNING_TEST_TIMEOUT_MS);
});

/** Serialises like JSON.stringify, but with the keys in the given order and the given spacing. */
function writeJson(value: unknown, space: string, order: (keys: string[]) => string[]): string {
  if (Array.isArray(value)) return `[${space}${value.map((item) => writeJson(item, space, order)).join(`${space},${space}`)}${space}]`;
  if (value !== null && typeof value === 'object') {
    const entries = order(Object.keys(value)).map((key) => `${JSON.stringify(key)}${space}:${space}${writeJson((value as Record<string, unknown>)[key], space, order)}`);
    return `{${space}${entries.join(`${space},${space}`)}${space}}`;
  }
  return JSON.stringify(value);
}

describe('computePlainBradleyTerry against the zod path', () => {
  // Mostly plain input, so the property is exercised; now and then a name that needs an escape,
  // is empty or repeats, a bad winner, an extra key or an option zod refuses.
  const rarely = <T,>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<unknown>, weight = 12): fc.Arbitrary<unknown> => fc.oneof({ weight, arbitrary: usual }, { weight: 1, arbitrary: odd });
  const name = rarely(fc.constantFrom('alpha', 'beta', 'gamma', 'δέλτα', '模型', '😀', 'a b'), fc.oneof(fc.constantFrom('x"y', 'back\\slash', '', 'tab\there', 'a\u2028b'), fc.string({ maxLength: 3 })), 150);
  const winner = rarely(fc.constantFrom('a', 'b', 'tie'), fc.constantFrom('left', 'A', '', 'ties'), 150);
  const vote = rarely(
    fc.record({ a: name, b: name, winner }).filter(({ a, b }) => a !== b),
    fc.record({ a: name, b: name, winner, note: fc.string({ maxLength: 2 }) }, { requiredKeys: ['a', 'b'] }),
    100,
  );
  const extraKeys = rarely(fc.constant(undefined), fc.dictionary(fc.constantFrom('note', 'a', 'winner', '__proto__'), fc.oneof(fc.string(), fc.integer())));
  const input = fc.record(
    {
      comparisons: rarely(fc.array(vote, { minLength: 1, maxLength: 12 }), fc.constantFrom([], 'x')),
      bootstrap: rarely(fc.integer({ min: 0, max: 40 }), fc.oneof(fc.integer({ min: -2, max: -1 }), fc.double(), fc.constantFrom(100_001, null))),
      seed: rarely(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 6 }), fc.constantFrom('rerun', 'δ')), fc.constant(true)),
      confidence: rarely(fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.constantFrom(0, 1, -0.5, 1.5)),
    },
    { requiredKeys: ['comparisons'] },
  );
  const spacing = fc.constantFrom('', ' ', '\n', '\t\r\n ');
  const keyOrder = fc.constantFrom((keys: string[]) => keys, (keys: string[]) => [...keys].reverse());

  it('gives the same printed result whenever it answers, and leaves every input zod rejects to zod', () => {
    let answered = 0;
    fc.assert(
      fc.property(input, extraKeys, spacing, keyOrder, (value, extra, space, order) => {
        const text = writeJson(extra ? { ...value, ...extra } : value, space, order);
        const zodPath = computeStatistic('bt', text);
        const plain = computePlainBradleyTerry(Buffer.from(text));
        if (plain === undefined) return;
        answered++;
        expect(zodPath.ok).toBe(true);
        expect(JSON.stringify(plain)).toBe(JSON.stringify((zodPath as { output: unknown }).output));
      }),
      { numRuns: 400 },
    );
    // Not a property that holds by never answering.
    expect(answered).toBeGreaterThan(100);
  });

  it('answers the plain shapes a caller writes, with any spacing and key order', () => {
    for (const text of [
      JSON.stringify({ comparisons: FIVE_SYSTEMS, bootstrap: 30, seed: 'rerun', confidence: 0.9 }),
      writeJson({ seed: 2, comparisons: FIVE_SYSTEMS.map(({ winner, b, a }) => ({ winner, b, a })) }, '\n  ', (keys) => keys),
      JSON.stringify({ comparisons: [{ a: 'δέλτα', b: '模型', winner: 'tie' }, { a: '模型', b: 'δέλτα', winner: 'a' }] }),
      // A name that starts with U+FEFF is another name than the one without it.
      JSON.stringify({ comparisons: [{ a: '\ufeffalpha', b: 'alpha', winner: 'a' }, { a: 'alpha', b: 'beta', winner: 'b' }, { a: 'beta', b: '\ufeffalpha', winner: 'tie' }] }),
      // 240 systems, in a ring and across it: names found again among many whose bytes differ by one.
      JSON.stringify({ comparisons: Array.from({ length: 960 }, (_, k) => ({ a: `model-${k % 240}`, b: `model-${(k * 7 + 1 + (k % 3)) % 240 === k % 240 ? (k + 1) % 240 : (k * 7 + 1 + (k % 3)) % 240}`, winner: ['a', 'b', 'tie'][k % 3] })) }),
      // Votes as JSON.stringify writes them (read a fast way) between votes written otherwise, and
      // compact votes with space before their comma or bracket: counted once each, whichever way read.
      '{"comparisons":[{"a":"alpha","b":"beta","winner":"a"},{ "b":"gamma","a":"alpha","winner":"tie" },{"a":"beta","b":"gamma","winner":"b"} ,\n{"a":"gamma","b":"alpha","winner":"a"},{"winner":"b","a":"beta","b":"alpha"},{"a":"alpha","b":"gamma","winner":"tie"} ],"seed":4,"bootstrap":25}',
    ]) {
      const plain = computePlainBradleyTerry(Buffer.from(text));
      expect(plain).toBeDefined();
      expect(JSON.stringify(plain)).toBe(JSON.stringify((computeStatistic('bt', text) as { output: unknown }).output));
    }
  });

  it('leaves malformed JSON, escapes and invalid UTF-8 to the zod path', () => {
    for (const text of [
      '{"comparisons":[{"a":"x","b":"y","winner":"a"}]',
      '{"comparisons":[{"a":"x","b":"y","winner":"a"},]}',
      '{"comparisons":[{"a":"x","b":"x","winner":"a"}]}',
      '{"comparisons":[{"a":"x","b":"y","winner":"a"},{"a":"x","b":"y","winner":"ab"}]}',
      '{"comparisons":[{"a":"x","b":"y","winner":"a"}{"a":"x","b":"y","winner":"b"}]}',
      '{"comparisons":[{"a":"x\\u0079","b":"y","winner":"a"}]}',
      '\ufeff{"comparisons":[{"a":"x","b":"y","winner":"a"}]}',
    ]) {
      expect(computePlainBradleyTerry(Buffer.from(text))).toBeUndefined();
    }
    // Two different invalid byte sequences both decode to U+FFFD: plain reading must not tell them apart.
    const invalid = Buffer.concat([Buffer.from('{"comparisons":[{"a":"'), Buffer.from([0xff]), Buffer.from('","b":"'), Buffer.from([0xfe]), Buffer.from('","winner":"a"}]}')]);
    expect(computePlainBradleyTerry(invalid)).toBeUndefined();
  });
});
