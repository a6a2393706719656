import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CourseDetailSchema } from '../../schemas/annotate.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { createChapter } from './chapters.ts';
import { listCourseSummaries, loadCourseDetail } from './course-detail.ts';
import { createCourse } from './courses.ts';
import { DEFAULT_COURSE_TITLE, ensureDefaultCourse } from './ensure-default-course.ts';

let bed: AnnotateTestbed;
beforeEach(() => {
  bed = createAnnotateTestbed();
});
afterEach(() => bed.dispose());

describe('data rooms', () => {
  it('lists data rooms oldest first with their source and chapter counts', () => {
    bed.library.addSource({ courseId: bed.courseId, lines: ['a'] });
    bed.library.addSource({ courseId: bed.courseId, lines: ['b'] });
    bed.library.addSource({ courseId: null, lines: ['loose'] });
    createChapter(bed.deps, { courseId: bed.courseId, title: 'One' });
    bed.advance(1000);
    const second = createCourse(bed.deps, { title: '  Second room ' });
    expect(listCourseSummaries(bed.deps).map(({ id, title, sourceCount, chapterCount }) => ({ id, title, sourceCount, chapterCount }))).toEqual([
      { id: bed.courseId, title: 'Dashboards', sourceCount: 2, chapterCount: 1 },
      { id: second, title: 'Second room', sourceCount: 0, chapterCount: 0 },
    ]);
  });

  it('describes a course with its sources, chapters and undo labels, inside the contract', () => {
    const { sourceId } = bed.library.addSource({ courseId: bed.courseId, title: 'Brief', lines: ['# Brief', 'Text.'] });
    createChapter(bed.deps, { courseId: bed.courseId, title: 'One' });
    const detail = loadCourseDetail(bed.deps, bed.courseId);
    expect(CourseDetailSchema.safeParse(detail).success).toBe(true);
    expect(detail.sources.map((s) => ({ id: s.id, title: s.title, lineCount: s.lineCount, version: s.version }))).toEqual([{ id: sourceId, title: 'Brief', lineCount: 2, version: 1 }]);
    expect(detail.undoLabel).toBe('Add chapter “One”');
    expect(detail.redoLabel).toBeNull();
  });

  it('ensureDefaultCourse creates "Data room" once, then returns the first data room', () => {
    const project = findCurrentProject(bed.workspace.db)?.id as string;
    bed.workspace.db.prepare('DELETE FROM courses').run();
    const created = ensureDefaultCourse(bed.workspace.db);
    expect(loadCourseDetail(bed.deps, created).title).toBe(DEFAULT_COURSE_TITLE);
    expect(ensureDefaultCourse(bed.workspace.db, project)).toBe(created);
    // ensureDefaultCourse stamps with the real clock; make the later room really later.
    createCourse({ ...bed.deps, now: () => new Date(Date.now() + 60_000) }, { title: 'Later' });
    expect(ensureDefaultCourse(bed.workspace.db)).toBe(created);
    expect(listCourseSummaries(bed.deps)).toHaveLength(2);
  });
});
