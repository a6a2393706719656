import { useState } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { NewCourseForm } from './NewCourseForm.tsx';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';

/** Which data room is open (a picker when there are several), a new one, and undo/redo. */
export function CourseBar() {
  const courses = useAnnotatorStore((s) => s.courses);
  const course = useAnnotatorStore((s) => s.course);
  const openCourse = useAnnotatorStore((s) => s.openCourse);
  const [creating, setCreating] = useState(false);
  return (
    <div className="course-bar">
      {courses.length > 1 ? (
        <label className="course-bar__picker">
          Data room{' '}
          <select value={course?.id ?? ''} onChange={(e) => void openCourse(e.target.value)}>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <h2 className="course-bar__title">{course?.title ?? ''}</h2>
      )}
      {creating ? (
        <NewCourseForm onDone={() => setCreating(false)} />
      ) : (
        <button type="button" onClick={() => setCreating(true)}>
          New data room…
        </button>
      )}
      <UndoRedoButtons />
    </div>
  );
}
