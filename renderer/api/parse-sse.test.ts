import { describe, expect, it } from 'vitest';
import { createSseParser } from './parse-sse.ts';

describe('createSseParser', () => {
  it('yields each event once, even when chunks split lines and events', () => {
    const seen: string[] = [];
    const feed = createSseParser((data) => seen.push(data));
    feed(': connected\n\nda');
    feed('ta: {"a":1}\n');
    feed('\ndata: {"b":2}\r\n\r\n: heartbeat\n\n');
    expect(seen).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins multi-line data with newlines and keeps an unfinished event for later', () => {
    const seen: string[] = [];
    const feed = createSseParser((data) => seen.push(data));
    feed('data: one\ndata: two\n\ndata: three');
    expect(seen).toEqual(['one\ntwo']);
    feed('\n\n');
    expect(seen).toEqual(['one\ntwo', 'three']);
  });
});
