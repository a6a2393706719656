import { describe, expect, it } from 'vitest';
import { createXoshiro128Random } from '../../random/xoshiro128-random.ts';
import type { SeededRandom } from '../../random/random-source.ts';
import { capText } from './bounded-text.ts';
import { countStringUnits, parseLeanJson, UNREAD_MIN_BYTES } from './lean-json.ts';

/** A small cap, so strings on both sides of it are quick to make. */
const MAX = 300;

/** What the lean reader must return: JSON.parse's value with every string capped as capText caps it. */
function capAll(value: unknown, max: number): unknown {
  if (typeof value === 'string') return capText(value, max);
  if (Array.isArray(value)) return value.map((item) => capAll(item, max));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capAll(item, max)]));
  return value;
}

/** The text's bytes at an offset of 0–3 into a larger buffer, so word-aligned and unaligned reads are both exercised. */
function placed(text: string, offset: number): { bytes: Buffer; start: number; end: number } {
  const body = Buffer.from(text, 'utf8');
  const bytes = Buffer.alloc(body.length + 8, 0x20);
  body.copy(bytes, offset);
  return { bytes, start: offset, end: offset + body.length };
}

function lean(text: string, offset = 0, unreadKeys?: ReadonlySet<string>): unknown {
  const { bytes, start, end } = placed(text, offset);
  return parseLeanJson(bytes, start, end, { maxStringChars: MAX, unreadKeys });
}

const PIECES = ['word ', 'x', '\n', '\t', '"', '\\', '\\\\', '\\u', 'é', '€', '😀', '\u0001', '\ud800', '/', ' '.repeat(7), 'ab'.repeat(40)];

function randomString(random: SeededRandom, maxLength: number): string {
  const target = random.int(maxLength + 1);
  let text = '';
  while (text.length < target) text += PIECES[random.int(PIECES.length)]!;
  return text;
}

function randomValue(random: SeededRandom, depth = 0): unknown {
  const roll = random.next();
  if (depth > 2 || roll < 0.45) return randomString(random, random.next() < 0.3 ? 4 * MAX : MAX / 2);
  if (roll < 0.55) return random.int(1000) - 500;
  if (roll < 0.6) return random.next() < 0.5 ? null : true;
  if (roll < 0.8) return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
  return Object.fromEntries(Array.from({ length: random.int(4) }, (_, i) => [`k${i}${randomString(random, 3)}`, randomValue(random, depth + 1)]));
}

/** The same value written with other, equally valid escapes: `\u00e9`, `\/`, a surrogate pair as two `\u`s, and spaces. */
function otherEscapes(json: string): string {
  return json.replaceAll('é', '\\u00e9').replaceAll('/', '\\/').replaceAll('😀', '\\ud83d\\ude00').replaceAll('":', '" :  ').replaceAll(',"', ' ,\n"');
}

describe('countStringUnits', () => {
  it('counts the code units a JSON string body decodes to, for any escapes, characters and alignment', () => {
    const random = createXoshiro128Random('count-units');
    for (let round = 0; round < 400; round++) {
      const text = randomString(random, 200);
      for (const body of [JSON.stringify(text).slice(1, -1), otherEscapes(JSON.stringify(text)).slice(1, -1)]) {
        const { bytes, start, end } = placed(body, round % 4);
        expect(countStringUnits(bytes, start, end), JSON.stringify(body)).toBe(text.length);
      }
    }
  });
});

describe('parseLeanJson', () => {
  it('equals JSON.parse with long strings capped, on generated lines written two ways', () => {
    const random = createXoshiro128Random('lean-json');
    for (let round = 0; round < 300; round++) {
      const value = { type: 'event', payload: randomValue(random), text: randomString(random, 3 * MAX) };
      const expected = capAll(value, MAX);
      const json = JSON.stringify(value);
      expect(lean(json, round % 4)).toEqual(expected);
      expect(lean(otherEscapes(json), (round + 1) % 4)).toEqual(expected);
    }
  });

  it('caps at the exact boundary: MAX characters kept whole, MAX + 1 cut, however many bytes each takes', () => {
    for (const unit of ['a', 'é', '€', '\n', '"', '\\']) {
      for (const length of [MAX - 1, MAX, MAX + 1, 6 * MAX + 5]) {
        const text = unit.repeat(length);
        expect(lean(JSON.stringify({ text }))).toEqual({ text: capText(text, MAX) });
      }
    }
    // A surrogate pair across the head's or the tail's edge is cut as capText cuts it.
    for (let shift = 0; shift < 4; shift++) {
      const text = `${'a'.repeat(shift)}${'😀'.repeat(MAX)}`;
      expect(lean(JSON.stringify([text]))).toEqual([capText(text, MAX)]);
    }
  });

  it('names every character it left out, and keeps the head and tail verbatim', () => {
    const text = `HEAD ${'— line\n'.repeat(10_000)} TAIL`;
    const kept = (lean(JSON.stringify({ text })) as { text: string }).text;
    expect(kept.startsWith('HEAD — line\n')).toBe(true);
    expect(kept.endsWith('— line\n TAIL')).toBe(true);
    const omitted = Number(/\[… (\d+) characters omitted …\]/.exec(kept)?.[1]);
    expect(omitted + kept.length - `\n[… ${omitted} characters omitted …]\n`.length).toBe(text.length);
  });

  it('leaves long strings under unread keys undecoded, and keeps their short fields', () => {
    const long = 'x'.repeat(UNREAD_MIN_BYTES + 1);
    const line = JSON.stringify({
      type: 'user',
      message: { content: [{ type: 'tool_result', content: long }] },
      tool_use_result: { stdout: long, interrupted: true, nested: [long, 'short', { deeper: long }], note: 'kept' },
      after: long,
    });
    const value = lean(line, 1, new Set(['tool_use_result'])) as { tool_use_result: unknown; message: { content: { content: string }[] }; after: string };
    const marker = `[… ${long.length} bytes not read …]`;
    expect(value.tool_use_result).toEqual({ stdout: marker, interrupted: true, nested: [marker, 'short', { deeper: marker }], note: 'kept' });
    // Outside the unread key, the same text is read as usual (capped at MAX here).
    expect(value.message.content[0]!.content).toBe(capText(long, MAX));
    expect(value.after).toBe(capText(long, MAX));
    // A string that is itself the unread key's value.
    expect(lean(JSON.stringify({ tool_use_result: `Error: ${long}`, ok: 1 }), 0, new Set(['tool_use_result']))).toEqual({ tool_use_result: `[… ${long.length + 7} bytes not read …]`, ok: 1 });
  });

  it('refuses what JSON.parse refuses: a cut-off line, a broken structure, plain text', () => {
    const long = 'y'.repeat(5 * MAX);
    for (const text of [`{"a":"${long}`, `{"a":"${long}"`, `{"a":"${long}",}`, `{"a" "${long}"}`, 'npm WARN something "quoted" here', '']) {
      expect(() => lean(text), text.slice(0, 20)).toThrow(SyntaxError);
    }
  });

  it('reads invalid UTF-8 inside a long string as the decoder does (replacement characters)', () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(3 * MAX, 0xff), Buffer.from('ok"}')]);
    const expected = capAll(JSON.parse(bytes.toString('utf8')), MAX);
    expect(parseLeanJson(bytes, 0, bytes.length, { maxStringChars: MAX })).toEqual(expected);
  });
});
