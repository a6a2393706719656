import { MessageText } from './MessageText.tsx';

/** A field's problem, read out when it appears, and named by the field's aria-describedby. */
export function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="study-form__problem" role="alert">
      <MessageText text={message} />
    </p>
  );
}

/** The aria-describedby of a field: its help and, when there is one, its problem. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

/** What marks a field whose problem is shown beside it (in a FieldProblem of `problemId`): invalid, and described by the problem. */
export function markedBy(problemId: string, problem: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
}
