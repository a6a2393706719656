import type { ReactElement } from 'react';
import { cloneElement } from 'react';

interface EditorFieldProps {
  /** The control's id; its error message gets `${id}-error`. */
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  /** An input, select or textarea; it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

/** A labelled control with its validation message right beside it. */
export function EditorField({ id, label, error, hint, children }: EditorFieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'judge-field judge-field--invalid' : 'judge-field'}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <span id={`${id}-hint`} className="judge-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="judge-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
