// Inputs of the admin console that components/forms.tsx does not have: a labelled select and a
// search box. Like its Field: a visible label (or one for screen readers), hint and error tied to
// the input by aria-describedby.
import { FieldShell, describedBy, type Described } from '../field-shell';

interface Labelled extends Described {
  name: string;
  className?: string;
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
    <FieldShell {...props}>
      <select id={id} name={name} defaultValue={defaultValue} className="admin-select" aria-invalid={error ? true : undefined} aria-describedby={describedBy({ id, hint, error })}>
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
    </FieldShell>
  );
}

/** A labelled search box. */
export function SearchField(props: Labelled & { defaultValue?: string; placeholder?: string }) {
  const { id, name, defaultValue, placeholder, hint, error } = props;
  return (
    <FieldShell {...props}>
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className="admin-input"
        aria-describedby={describedBy({ id, hint, error })}
        aria-invalid={error ? true : undefined}
      />
    </FieldShell>
  );
}
