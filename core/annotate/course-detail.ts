import type { Chapter, Citation, CourseDetail, CourseSummary } from '../../schemas/annotate.ts';
import { findRedoEntry, findUndoEntry } from '../store/annotation-history-repository.ts';
import { countChapters, listChapters, type ChapterRow } from '../store/chapter-repository.ts';
import { listCourseCitations, type CitationRow } from '../store/citation-repository.ts';
import { listCourses } from '../store/course-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { requireCourse } from './require-records.ts';

/** Everything the annotator shows for one course, as every edit answers. */
export function loadCourseDetail(deps: AnnotateDeps, courseId: string): CourseDetail {
  const course = requireCourse(deps.db, courseId);
  const citationsByChapter = new Map<string, Citation[]>();
  for (const row of listCourseCitations(deps.db, courseId)) {
    const list = citationsByChapter.get(row.chapter_id) ?? [];
    list.push(toCitation(row));
    citationsByChapter.set(row.chapter_id, list);
  }
  return {
    id: course.id,
    title: course.title,
    globalNotes: course.global_notes,
    sources: deps.sources.listCourseSources(courseId),
    chapters: listChapters(deps.db, courseId).map((row) => toChapter(row, citationsByChapter.get(row.id) ?? [])),
    undoLabel: findUndoEntry(deps.db, courseId)?.label ?? null,
    redoLabel: findRedoEntry(deps.db, courseId)?.label ?? null,
    updatedAt: course.updated_at,
  };
}

/** The workspace project's data rooms, oldest first. */
export function listCourseSummaries(deps: AnnotateDeps): CourseSummary[] {
  const project = findCurrentProject(deps.db);
  if (!project) return [];
  return listCourses(deps.db, project.id).map((course) => ({
    id: course.id,
    title: course.title,
    sourceCount: deps.sources.listCourseSources(course.id).length,
    chapterCount: countChapters(deps.db, course.id),
    updatedAt: course.updated_at,
  }));
}

function toChapter(row: ChapterRow, citations: Citation[]): Chapter {
  return {
    id: row.id,
    courseId: row.course_id,
    order: row.position,
    title: row.title,
    instruction: row.instruction,
    designNotes: row.design_notes,
    citations,
    updatedAt: row.updated_at,
  };
}

function toCitation(row: CitationRow): Citation {
  return {
    id: row.id,
    chapterId: row.chapter_id,
    sourceId: row.source_id,
    versionId: row.version_id,
    sourceSha256: row.source_sha256,
    startLine: row.start_line,
    endLine: row.end_line,
    quote: row.quote,
    prefix: row.prefix,
    suffix: row.suffix,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** A chapter named by its data room's and its own title (how task folders refer to chapters). */
export function findChapterByTitles(deps: AnnotateDeps, courseTitle: string, chapterTitle: string): { id: string; instruction: string } | undefined {
  const course = listCourseSummaries(deps).find((summary) => summary.title === courseTitle);
  const chapter = course ? listChapters(deps.db, course.id).find((row) => row.title === chapterTitle) : undefined;
  return chapter ? { id: chapter.id, instruction: chapter.instruction } : undefined;
}
