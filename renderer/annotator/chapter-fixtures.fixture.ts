import type { Chapter, Citation } from '../../schemas/annotate.ts';

/** A citation of lines in a version, with nothing else a test of marks or spans reads. */
export const citation = (id: string, versionId: string, startLine: number, endLine: number, status: Citation['status'] = 'ok'): Citation => ({
  id, chapterId: '', sourceId: 's1', versionId, sourceSha256: 'x', startLine, endLine, quote: '', startChar: null, endChar: null, prefix: '', suffix: '', status, createdAt: '',
});

/** A chapter with its title and citations. */
export const chapter = (id: string, title: string, citations: Citation[]): Chapter => ({
  id, dataRoomId: 'c', order: 0, title, instruction: '', designNotes: '', citations, updatedAt: '',
});
