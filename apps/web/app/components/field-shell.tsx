// The frame of a labelled input with an explicit id (pages that hold several forms with the same
// field names): visible label (or one for screen readers), hint and error, tied to the input by
// aria-describedby. components/forms.tsx's Field is the simple case of the same thing.
import type { ReactNode } from 'react';

export interface Described {
  id: string;
  label: string;
  /** Read by screen readers only, when the context already says what the input is. */
  hiddenLabel?: boolean;
  hint?: ReactNode;
  error?: string;
}

/** The ids of the hint and error an input should be described by. */
export function describedBy({ id, hint, error }: Pick<Described, 'id' | 'hint' | 'error'>): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

export function FieldShell({ id, label, hiddenLabel, hint, error, invalid, className, children }: Described & { children: ReactNode; className?: string; invalid?: boolean }) {
  return (
    <div className={[error || invalid ? 'field field--invalid' : 'field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hiddenLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <span aria-hidden="true" className="field-error__icon">!</span> {error}
        </p>
      ) : null}
    </div>
  );
}
