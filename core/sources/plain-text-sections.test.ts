import { describe, expect, it } from 'vitest';
import { countLines } from './line-index.ts';
import { plainTextSections, plainTextSectionsOfUtf8 } from './plain-text-sections.ts';

const sections = (text: string) => plainTextSections(text, countLines(text));

describe('plainTextSections', () => {
  it('finds underlined titles and #-marked lines standing alone, nested by level', () => {
    const text = ['Debian Python Policy', '====================', '', 'Intro text.', '', 'Packaging', '---------', 'Body', '', '# Notes', '', 'end'].join('\n');
    expect(sections(text)).toEqual([
      { title: 'Debian Python Policy', level: 1, startLine: 1, endLine: 9 },
      { title: 'Packaging', level: 2, startLine: 6, endLine: 9 },
      { title: 'Notes', level: 1, startLine: 10, endLine: 12 },
    ]);
  });

  // Issue 38: a text file quoting scripts and configuration listed every comment in its outline.
  it('lists no comment of a script or configuration file quoted in the text', () => {
    const text = [
      'Setting up the mirror',
      '=====================',
      '',
      'Put this in /etc/apt/sources.list:',
      '',
      '# The main archive',
      'deb http://deb.debian.org/debian bookworm main',
      '# Security updates',
      '# (from the security team)',
      'deb http://security.debian.org/ bookworm-security main',
      '',
      'and run this script:',
      '',
      '#!/bin/sh',
      '# fetch the lists',
      'apt-get update',
      '',
      '# install what is missing',
      'apt-get install -y mirror',
      '',
      '# Troubleshooting',
      '',
      'If the lists do not come, check the proxy.',
      '# end of file',
    ].join('\n');
    expect(sections(text).map((section) => section.title)).toEqual(['Setting up the mirror', 'Troubleshooting']);
  });

  it('does not take a rule under a running paragraph, or a lone rule, for a heading', () => {
    const text = ['first line of a paragraph', 'second line of it', '-----', '', '=====', 'text'].join('\n');
    expect(sections(text)).toEqual([{ title: '', level: 0, startLine: 1, endLine: 6 }]);
  });

  // Its speed is the text-ingest benchmark's; a quadratic pass over a million lines would not end before the timeout.
  it('reads a million-line file to its last heading', () => {
    const text = `${'a line of plain text without any heading at all\n'.repeat(999_999)}\nTitle\n=====\nlast\n`;
    const found = sections(text);
    expect(found.at(-1)).toEqual({ title: 'Title', level: 1, startLine: 1_000_001, endLine: 1_000_003 });
  }, 60_000);

  it('gives the same sections from a file\'s bytes read a chunk at a time, whatever the chunks\' size', () => {
    const text = ['Grüße aus Köln', '==============', '', 'Prose — with a dash.', '', '# Über uns', '', 'x', '', 'Teil zwei', '---------', 'end'].join('\n');
    const bytes = Buffer.from(text);
    for (const chunkBytes of [1, 7, 20, 64 * 1024]) expect(plainTextSectionsOfUtf8(bytes, countLines(text), chunkBytes)).toEqual(sections(text));
  });
});
