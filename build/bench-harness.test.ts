import { describe, expect, it } from 'vitest';
import { formatResult } from './bench-harness.ts';

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
