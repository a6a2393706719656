import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataRoomDetail } from '../../schemas/annotate.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { createChapter, deleteChapter, moveChapter, updateChapter } from './chapters.ts';
import { addCitation, removeCitation } from './citations.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';
import { updateDataRoom } from './data-rooms.ts';
import { readPlainLines } from './plain-lines.ts';
import * as plainVersion from './plain-version-text.ts';
import { reanchorCitations } from './reanchor-citations.ts';
import { TYPING_BURST_MS } from './record-action.ts';
import { redoLastAction, undoLastAction } from './undo-redo.ts';

const LINES = ['# Guide', 'First line of text.', 'Second line of text.', 'Third line of text.', 'Fourth line of text.'];

let bed: AnnotateTestbed;
let versionId: string;
let sourceId: string;

beforeEach(() => {
  bed = createAnnotateTestbed();
  ({ sourceId, versionId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, lines: LINES }));
});
afterEach(() => bed.dispose());

const detail = (): DataRoomDetail => loadDataRoomDetail(bed.deps, bed.dataRoomId);
const undo = () => undoLastAction(bed.deps, { dataRoomId: bed.dataRoomId, annotatorId: null }, plainVersion);
const redo = () => redoLastAction(bed.deps, { dataRoomId: bed.dataRoomId, annotatorId: null }, plainVersion);
/** The parts of the state a user sees, without timestamps. */
const visible = () => {
  const d = detail();
  return {
    title: d.title,
    globalNotes: d.globalNotes,
    chapters: d.chapters.map((c) => ({ id: c.id, order: c.order, title: c.title, instruction: c.instruction, designNotes: c.designNotes, citations: c.citations })),
  };
};
const newChapter = (title: string) => {
  const id = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title });
  bed.advance(TYPING_BURST_MS + 1);
  return id;
};

/** Runs the action, then checks undo returns to the state before and redo to the state after. */
function expectUndoable(action: () => unknown, label: string): void {
  const before = visible();
  action();
  const after = visible();
  expect(after).not.toEqual(before);
  expect(detail().undoLabel).toBe(label);
  undo();
  expect(visible()).toEqual(before);
  expect(detail().redoLabel).toBe(label);
  redo();
  expect(visible()).toEqual(after);
  expect(detail().undoLabel).toBe(label);
  expect(detail().redoLabel).toBeNull();
}

describe('undo and redo', () => {
  it('has nothing to undo or redo in a new data room, and pressing them anyway is harmless', () => {
    expect(detail().undoLabel).toBeNull();
    expect(detail().redoLabel).toBeNull();
    undo();
    redo();
    expect(visible().chapters).toEqual([]);
  });

  it('undoes and redoes adding a chapter', () => {
    newChapter('Intro');
    expectUndoable(() => createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Setup' }), 'Add chapter “Setup”');
  });

  it('undoes and redoes renaming a chapter and editing its instruction and design notes', () => {
    const id = newChapter('Intro');
    expectUndoable(() => updateChapter(bed.deps, { chapterId: id, title: 'Overview' }), 'Rename chapter “Intro”');
    bed.advance(TYPING_BURST_MS + 1);
    expectUndoable(() => updateChapter(bed.deps, { chapterId: id, instruction: 'Build it.' }), 'Edit instruction of “Overview”');
    bed.advance(TYPING_BURST_MS + 1);
    expectUndoable(() => updateChapter(bed.deps, { chapterId: id, designNotes: 'Why.' }), 'Edit design notes of “Overview”');
  });

  it('undoes and redoes a move, restoring every position', () => {
    newChapter('A');
    newChapter('B');
    const c = newChapter('C');
    expectUndoable(() => moveChapter(bed.deps, { chapterId: c, toIndex: 0 }), 'Move chapter “C”');
  });

  it('undoes and redoes adding and removing a citation', () => {
    const chapterId = newChapter('Intro');
    expectUndoable(() => addCitation(bed.deps, { chapterId, versionId, startLine: 2, endLine: 3 }), 'Add citation to “Intro”');
    const citationId = detail().chapters[0]?.citations[0]?.id as string;
    expectUndoable(() => removeCitation(bed.deps, { citationId }), 'Remove citation from “Intro”');
  });

  it('undoes deleting a chapter by bringing back the chapter, its place and its citations', () => {
    newChapter('A');
    const b = newChapter('B');
    newChapter('C');
    addCitation(bed.deps, { chapterId: b, versionId, startLine: 2, endLine: 2 });
    addCitation(bed.deps, { chapterId: b, versionId, startLine: 4, endLine: 5, quote: 'Fourth line' });
    const before = visible();
    expect(before.chapters[1]?.citations).toHaveLength(2);
    expectUndoable(() => deleteChapter(bed.deps, { chapterId: b }), 'Delete chapter “B”');
    undo();
    expect(visible()).toEqual(before);
    expect(visible().chapters.map((c) => c.order)).toEqual([0, 1, 2]);
  });

  it('undoes and redoes renaming the data room and editing its global notes', () => {
    expectUndoable(() => updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Analytics' }), 'Rename data room');
    bed.advance(TYPING_BURST_MS + 1);
    expectUndoable(() => updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: 'Use the 2024 data.' }), 'Edit global notes');
  });

  it('walks back through several actions in order and forward again', () => {
    const id = newChapter('Intro');
    addCitation(bed.deps, { chapterId: id, versionId, startLine: 2, endLine: 2 });
    updateChapter(bed.deps, { chapterId: id, title: 'Overview' });
    const states = [visible()];
    undo();
    states.unshift(visible());
    undo();
    states.unshift(visible());
    undo();
    expect(visible().chapters).toEqual([]);
    expect(detail().undoLabel).toBeNull();
    expect(detail().redoLabel).toBe('Add chapter “Intro”');
    redo();
    expect(visible()).toEqual(states[0]);
    redo();
    expect(visible()).toEqual(states[1]);
    redo();
    expect(visible()).toEqual(states[2]);
    expect(detail().redoLabel).toBeNull();
  });

  it('a new action after an undo clears the redo stack', () => {
    newChapter('A');
    newChapter('B');
    undo();
    expect(detail().redoLabel).toBe('Add chapter “B”');
    newChapter('C');
    expect(detail().redoLabel).toBeNull();
    redo();
    expect(visible().chapters.map((c) => c.title)).toEqual(['A', 'C']);
    const undone = bed.workspace.db.prepare('SELECT count(*) AS n FROM annotation_history WHERE undone = 1').get() as { n: number };
    expect(undone.n).toBe(0);
  });

  it('keeps the history across a restart: reload, then undo and redo still work', () => {
    const chapterId = newChapter('Intro');
    addCitation(bed.deps, { chapterId, versionId, startLine: 2, endLine: 4 });
    const withCitation = visible();
    bed.reopen();
    expect(visible()).toEqual(withCitation);
    expect(detail().undoLabel).toBe('Add citation to “Intro”');
    undo();
    expect(visible().chapters[0]?.citations).toEqual([]);
    bed.reopen();
    expect(detail().redoLabel).toBe('Add citation to “Intro”');
    redo();
    expect(visible()).toEqual(withCitation);
  });

  it('coalesces a burst of typing in one field into one undo step', () => {
    const id = newChapter('Intro');
    const typed = 'Render the chart.';
    for (let n = 1; n <= typed.length; n++) {
      updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: typed.slice(0, n) });
      bed.advance(300);
    }
    expect(detail().globalNotes).toBe(typed);
    // A pause longer than the burst window starts a new step.
    bed.advance(TYPING_BURST_MS + 1);
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: `${typed} Then` });
    bed.advance(500);
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: `${typed} Then test.` });
    undo();
    expect(detail().globalNotes).toBe(typed);
    undo();
    expect(detail().globalNotes).toBe('');
    expect(detail().undoLabel).toBe('Add chapter “Intro”');
    redo();
    expect(detail().globalNotes).toBe(typed);
    // Typing in another field, or another row, is its own step even within the window.
    redo();
    updateChapter(bed.deps, { chapterId: id, instruction: 'I' });
    updateChapter(bed.deps, { chapterId: id, designNotes: 'D' });
    undo();
    expect(visible().chapters[0]).toMatchObject({ instruction: 'I', designNotes: '' });
  });

  it('drops a burst that ends where it began, and does not merge into an undone step', () => {
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: 'ab' });
    bed.advance(TYPING_BURST_MS + 1);
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: 'abc' });
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: 'ab' });
    expect(detail().undoLabel).toBe('Edit global notes');
    undo();
    expect(detail().globalNotes).toBe('');
    // Typing right after an undo starts a fresh step and clears the redo stack.
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: 'x' });
    expect(detail().redoLabel).toBeNull();
    undo();
    expect(detail().globalNotes).toBe('');
  });

  it('moves a citation brought back by undo onto the source’s newer version', () => {
    const chapterId = newChapter('Intro');
    addCitation(bed.deps, { chapterId, versionId, startLine: 3, endLine: 3 });
    const citationId = detail().chapters[0]?.citations[0]?.id as string;
    removeCitation(bed.deps, { citationId });
    const v2 = bed.library.addVersion(sourceId, ['# Guide', 'A new first paragraph.', ...LINES.slice(1)]);
    reanchorCitations(bed.deps, sourceId, v2);
    undo();
    expect(detail().chapters[0]?.citations[0]).toMatchObject({ versionId: v2, startLine: 4, endLine: 4, status: 'reanchored' });
  });

  it('moves a restored citation of plain text by its plain text, as renormalise does, so undo and redo leave it on the newer version at its characters', () => {
    const lines = ['# Fonts', '', 'Type 1 fonts are appro- priate for *Post- Script* printers only.'];
    const pdf = bed.library.addSource({ dataRoomId: bed.dataRoomId, lines });
    const chapterId = newChapter('Fonts');
    const words = 'appro- priate for Post- Script printers';
    const startChar = 'Type 1 fonts are '.length;
    const { citationId } = addCitation(bed.deps, { chapterId, versionId: pdf.versionId, startLine: 3, endLine: 3, startChar, endChar: startChar + words.length }, readPlainLines);
    bed.advance(TYPING_BURST_MS + 1);
    removeCitation(bed.deps, { citationId });
    // The newer reading joins the hyphenated words and puts a paragraph above: the Markdown no longer holds the quote.
    const v2Lines = ['# Fonts', '', 'Intro.', '', 'Type 1 fonts are appropriate for *PostScript* printers only.'];
    const v2 = bed.library.addVersion(pdf.sourceId, v2Lines);
    const expected = { id: citationId, versionId: v2, startLine: 5, endLine: 5, startChar, endChar: 'Type 1 fonts are appropriate for PostScript printers'.length, quote: 'appropriate for PostScript printers', status: 'reanchored' };
    const restored = () => detail().chapters.find((c) => c.id === chapterId)?.citations.find((c) => c.id === citationId);
    undo();
    expect(restored()).toMatchObject(expected);
    // Redo removes it again; undoing once more brings it back on the new version, not orphaned on the old.
    redo();
    expect(restored()).toBeUndefined();
    undo();
    expect(restored()).toMatchObject(expected);
  });
});
