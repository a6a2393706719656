import { describe, expect, it } from 'vitest';
import { formatResult, timeProcess } from './bench-harness.ts';

// A bench line is read by people comparing two numbers: the comparison must say which way it
// runs, in the unit's own words, and never print a bare ratio that reads the other way.
describe('formatResult: ours against the peer', () => {
  it('a time well under the peer reads as faster, with the ratio named', () => {
    const line = formatResult({ name: 'fit', unit: 'ms', value: 100, peer: { name: 'SciPy', value: 570 } });
    expect(line).toContain('peer SciPy: 570.0 ms');
    expect(line).toContain('ours 5.70× faster than the peer (ours ÷ peer = 0.18, lower is better)');
    expect(line).not.toMatch(/ratio 0\.18×/);
  });

  it('a time over the peer reads as slower', () => {
    expect(formatResult({ name: 'start', unit: 'ms', value: 300, peer: { name: 'node -e 0', value: 60 } })).toContain(
      'ours 5.00× slower than the peer (ours ÷ peer = 5.00, lower is better)',
    );
  });

  it('a rate is better when higher', () => {
    expect(formatResult({ name: 'ingest', unit: 'pages/s', value: 45, peer: { name: 'pdftotext', value: 100 } })).toContain(
      'ours 2.22× slower than the peer (ours ÷ peer = 0.45, higher is better)',
    );
    expect(formatResult({ name: 'judging', unit: 'judgments/s', value: 300, peer: { name: 'one at a time', value: 100 } })).toContain('ours 3.00× faster than the peer');
  });

  it('a size is smaller or larger', () => {
    expect(formatResult({ name: 'export', unit: 'MB', value: 20, peer: { name: 'JSON lines', value: 80 } })).toContain(
      'ours 4.00× smaller than the peer (ours ÷ peer = 0.25, lower is better)',
    );
  });

  it('equal figures read as the same', () => {
    expect(formatResult({ name: 'x', unit: 'ms', value: 50, peer: { name: 'y', value: 50 } })).toContain('ours the same as the peer (ours ÷ peer = 1.00, lower is better)');
  });
});

// The Bradley–Terry benchmark takes its ratio on CPU time because wall time on a busy machine
// counts other processes' turns: the CPU time must be the child's own, all its threads included.
describe('timeProcess: wall and CPU time of a whole process', () => {
  it("counts a waiting process's wall time but not as CPU time", () => {
    const timed = timeProcess('sleep', ['1']);
    expect(timed.wallMs).toBeGreaterThanOrEqual(1000);
    expect(timed.cpuMs).toBeLessThan(500);
  });

  it('counts at least the CPU time the process saw itself spend, on every thread, and passes stdin and stdout through', () => {
    // Two worker threads burn CPU beside the main one; the child prints what it measured of itself at the end.
    const program = `
      const { Worker } = require('node:worker_threads');
      const burn = 'let x = 0; for (let i = 0; i < 2e8; i++) x += i % 7; if (x < 0) console.log(x);';
      const workers = [0, 1].map(() => new Worker(burn, { eval: true }));
      Promise.all(workers.map((w) => new Promise((resolve) => w.on('exit', resolve)))).then(() => {
        const input = require('node:fs').readFileSync(0, 'utf8');
        const { user, system } = process.cpuUsage();
        console.log(JSON.stringify({ input, selfCpuMs: (user + system) / 1000 }));
      });`;
    const timed = timeProcess(process.execPath, ['-e', program], { input: Buffer.from('votes') });
    const child = JSON.parse(timed.stdout) as { input: string; selfCpuMs: number };
    expect(child.input).toBe('votes');
    expect(child.selfCpuMs).toBeGreaterThan(150);
    expect(timed.cpuMs).toBeGreaterThanOrEqual(child.selfCpuMs - 1);
  });

  it('names the command and its last line of stderr when it fails', () => {
    expect(() => timeProcess(process.execPath, ['-e', 'console.error("first"); console.error("no votes on stdin"); process.exit(3)'])).toThrow(/failed: no votes on stdin$/);
  });
});
