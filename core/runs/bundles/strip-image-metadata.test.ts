import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../judge/providers/fake-judge-setup.fixture.ts';
import { pngChunk } from './bundle-files.fixture.ts';
import { stripImageMetadata } from './strip-image-metadata.ts';

const jpegSegment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);

describe('stripImageMetadata', () => {
  it('keeps a PNG\'s image chunks verbatim and drops text, time, EXIF, ICC, unknown chunks and bytes after IEND', () => {
    const signature = TINY_PNG.subarray(0, 8);
    const ihdr = TINY_PNG.subarray(8, 8 + 25);
    const rest = TINY_PNG.subarray(8 + 25, TINY_PNG.length - 12);
    const iend = TINY_PNG.subarray(TINY_PNG.length - 12);
    const gama = pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f]));
    const dressed = Buffer.concat([
      signature,
      ihdr,
      pngChunk('tEXt', Buffer.from('Software\0claude-code sonnet', 'latin1')),
      pngChunk('zTXt', Buffer.from('Comment\0\0xx', 'latin1')),
      pngChunk('iCCP', Buffer.from('sonnet profile\0\0xx', 'latin1')),
      gama,
      pngChunk('tIME', Buffer.from([7, 234, 11, 30, 1, 2, 3])),
      rest,
      pngChunk('vpAg', Buffer.from('sonnet')),
      iend,
      Buffer.from('sonnet after the end'),
    ]);
    const stripped = stripImageMetadata(dressed);
    expect(stripped).toEqual(Buffer.concat([signature, ihdr, gama, rest, iend]));
    expect(stripped.includes('sonnet')).toBe(false);
    expect(stripImageMetadata(TINY_PNG)).toEqual(TINY_PNG);
  });

  it('ends a truncated PNG at its last whole chunk', () => {
    const truncated = Buffer.concat([TINY_PNG.subarray(0, TINY_PNG.length - 12), pngChunk('tEXt', Buffer.from('Software\0claude-code')).subarray(0, 15)]);
    expect(stripImageMetadata(truncated)).toEqual(TINY_PNG.subarray(0, TINY_PNG.length - 12));
  });

  it('drops a JPEG\'s EXIF, XMP, ICC and comments wherever they sit, keeping the tables, frame and scan byte for byte', () => {
    // 64×48 test pattern written by ffmpeg: JFIF, a "Lavc" comment, DQT, DHT, SOF0, one scan.
    const jpeg = readFileSync(join(import.meta.dirname, 'fixtures', 'testsrc-64x48.jpg'));
    const comment = jpeg.indexOf(Buffer.from([0xff, 0xfe]));
    const commentLength = jpeg.readUInt16BE(comment + 2);
    const withoutComment = Buffer.concat([jpeg.subarray(0, comment), jpeg.subarray(comment + 2 + commentLength)]);
    expect(stripImageMetadata(jpeg)).toEqual(withoutComment);

    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const dressed = Buffer.concat([
      jpeg.subarray(0, 2),
      jpegSegment(0xe1, Buffer.from('Exif\0\0MM\0*Software claude-code sonnet', 'latin1')),
      jpegSegment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>sonnet</x:xmpmeta>', 'latin1')),
      jpeg.subarray(2, sof),
      jpegSegment(0xe2, Buffer.from('ICC_PROFILE\0\x01\x01sonnet', 'latin1')),
      jpegSegment(0xfe, Buffer.from('Codex CLI', 'latin1')),
      jpeg.subarray(sof, jpeg.length - 2),
      Buffer.from([0xff, 0xd9]),
      Buffer.from('claude-code after EOI'),
    ]);
    const stripped = stripImageMetadata(dressed);
    expect(stripped).toEqual(withoutComment);
    for (const telltale of ['claude-code', 'sonnet', 'Codex', 'Lavc']) expect(stripped.includes(telltale), telltale).toBe(false);
  });

  it('leaves other files alone', () => {
    const html = Buffer.from('<!doctype html><p>claude-code</p>');
    expect(stripImageMetadata(html)).toBe(html);
  });
});
