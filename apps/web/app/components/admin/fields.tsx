// Inputs of the admin console that components/forms.tsx does not have: a labelled select and a
// search box. Like its Field: a visible label (or one for screen readers), hint and error tied to
// the input by aria-describedby.
import type { ReactNode } from 'react';

interface Labelled {
  id: string;
  name: string;
  label: string;
  /** Read by screen readers only, when the context already says what the input is. */
  hiddenLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function Shell({ id, label, hiddenLabel, hint, error, className, children }: Omit<Labelled, 'name'> & { children: ReactNode }) {
  return (
    <div className={[error ? 'field field--invalid' : 'field', className].filter(Boolean).join(' ')}>
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

export interface Choice {
  value: string;
  label: string;
  /** Options with the same group are shown together under its name. */
  group?: string | null;
}

/** A labelled select; choices with a `group` are gathered in an optgroup. */
export function SelectField(props: Labelled & { choices: readonly Choice[]; defaultValue?: string }) {
  const { id, name, choices, defaultValue, hint, error } = props;
  const groups: { name: string | null; choices: Choice[] }[] = [];
  for (const choice of choices) {
    const group = choice.group ?? null;
    const last = groups.at(-1);
    if (last && last.name === group) last.choices.push(choice);
    else groups.push({ name: group, choices: [choice] });
  }
  const option = (choice: Choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  );
  return (
    <Shell {...props}>
      <select id={id} name={name} defaultValue={defaultValue} className="admin-select" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)}>
        {groups.map((group) =>
          group.name ? (
            <optgroup key={group.name} label={group.name}>
              {group.choices.map(option)}
            </optgroup>
          ) : (
            group.choices.map(option)
          ),
        )}
      </select>
    </Shell>
  );
}

/** A labelled search box. */
export function SearchField(props: Labelled & { defaultValue?: string; placeholder?: string }) {
  const { id, name, defaultValue, placeholder, hint, error } = props;
  return (
    <Shell {...props}>
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className="admin-input"
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
      />
    </Shell>
  );
}
