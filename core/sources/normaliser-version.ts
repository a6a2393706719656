import type { SourceType } from '../../schemas/sources.ts';

/**
 * The version of each type's normaliser, recorded with every source version it makes. Bump a
 * type's number when its Markdown for the same file changes (line breaks, structure, text), so
 * that `lhb sources renormalise` offers a new version of the sources it made; a change that
 * leaves the Markdown as it was (speed, memory) needs no bump. History:
 *
 * - pdf 2: one sentence per line, page of every line, tables of contents as lists, code
 *   fenced, superscripts kept on their line, folios and running heads found across pages;
 * - pdf 3: heads and folios found at a page's edge lines wherever the margins are (roman folios
 *   too), tables of contents with dot leaders or running on to the next page as entries;
 * - pdf 4: a page of one or two lines (an index's last page under its head) loses the head and
 *   folio the other pages show at the same height;
 * - pdf 5: words hyphenated across lines and columns joined only when the joined word is the
 *   document's (or neither half is), else the hyphen kept; a paragraph runs on into the next
 *   column; URLs broken across lines joined, never a code line; raised footnote marks are
 *   Markdown footnote references (`[^1]`) and their notes definitions after the page's text;
 *   page spans carry the printed page label (PDF /PageLabels);
 * - pdf 6: tables found by column alignment are Markdown tables, one line per row (wrapped cells
 *   joined into their row, a table going on overleaf continued); a raised digit with no note is a
 *   superscript ("c²"), not a digit glued to its word; a line starting with "|" is escaped;
 *   headings are the PDF's own outline entries (at its depths) when it has an outline,
 *   else type's evidence without code, markup, glyph rows, author lines, sentences or words cut
 *   at the line's end; a size a little above the body's in another face (12 pt bold over 11 pt)
 *   is a heading size; extraction doubts recorded;
 * - pdf 7: a paragraph goes on past what is set in smaller type in its way (a two-column page's
 *   notes and small print at the left column's foot, a figure's caption), which follows the
 *   page's text as its notes do; a running head is the same text in the same type size, so an
 *   article's title over its first page stays when the heads of the pages after repeat it;
 * - text 2: a `#` line is a heading only standing alone (blank lines around it), never a comment
 *   of a quoted script (the Markdown is unchanged, the outline is not);
 * - web 2: permalink anchors (¶, #) dropped from headings and text;
 * - web 3: named anchors (`<a name>`, `<a id>` without href) and links without words dropped, their
 *   text kept; definition lists one item per term (DocBook's tables of contents no longer "- - …",
 *   their bold title a paragraph); DocBook's previous/up/next navigation tables dropped;
 * - web 4: table rows one line each (code blocks, breaks and paragraphs in a cell made inline),
 *   cells not padded; Texinfo's navigation bars and node menus dropped;
 * - web 5: a list written straight inside another list is the previous item's sub-list, not an
 *   item holding only a list ("- - …").
 */
export const NORMALISER_VERSIONS: Readonly<Record<SourceType, number>> = { pdf: 7, web: 5, markdown: 1, text: 2 };
