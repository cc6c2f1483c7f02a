// Form building blocks: every input has a label, errors are tied to their input
// (aria-describedby, aria-invalid) and announced, buttons show a pending state.
import { getFormProps, useForm } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { FormErrors } from '../lib/errors';
import { formErrorsOf, UNCHECKED_FORM, validate, type FormDefinition } from '../lib/forms';

/**
 * A form checked in the browser before it is sent, with the schema its action checks again
 * (Conform). Spread `props` on the <Form>; show `errors`: the browser's own findings, else the
 * action's answer. Without JavaScript the action alone checks, with the same words.
 */
export function useCheckedForm<S extends z.ZodType>(definition: FormDefinition<S>, answered: FormErrors | undefined) {
  const [form] = useForm({
    // A button marked formNoValidate (skipChecks) sends without this form's checks.
    onValidate: ({ formData, submitter }) => validate(submitter instanceof HTMLButtonElement && submitter.formNoValidate ? (UNCHECKED_FORM as unknown as FormDefinition<S>) : definition, formData),
    // Errors change on submit only: focus moves then, never while someone is typing.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  const found = JSON.stringify(form.allErrors);
  const local = useMemo(() => formErrorsOf(JSON.parse(found) as Record<string, string[]>), [found]);
  return { props: getFormProps(form, { ariaAttributes: false }), errors: local ?? answered };
}

/** True once React has hydrated: enhancements that need JavaScript render only then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

interface FieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password' | 'url';
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  autoComplete?: string;
  defaultValue?: string;
  inputMode?: 'email' | 'text' | 'url' | 'numeric';
  autoFocus?: boolean;
  spellCheck?: boolean;
}

/** A labelled input with its hint and error. */
export function Field({ label, name, type = 'text', error, hint, optional, autoComplete, defaultValue, inputMode, autoFocus, spellCheck }: FieldProps) {
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const [revealed, setRevealed] = useState(false);
  const hydrated = useHydrated();
  const isPassword = type === 'password';
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <div className={isPassword ? 'input-row' : undefined}>
        <input
          id={id}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          inputMode={inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={optional ? undefined : true}
          // Focus on load only helps the first field of a page with one job.
          autoFocus={autoFocus}
          spellCheck={spellCheck ?? (isPassword || type === 'email' ? false : undefined)}
          autoCapitalize={type === 'text' ? undefined : 'none'}
        />
        {isPassword && hydrated ? (
          <button
            type="button"
            className="reveal"
            aria-pressed={revealed}
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          <span aria-hidden="true" className="field-error__icon">!</span> {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox. */
export function Checkbox({ label, name, defaultChecked, error, hint }: { label: ReactNode; name: string; defaultChecked?: boolean; error?: string; hint?: string }) {
  const id = `field-${name}`;
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={error ? 'checkbox field--invalid' : 'checkbox'}>
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={hintId} className="hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="field-error">
            <span aria-hidden="true" className="field-error__icon">!</span> {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The form's error summary, announced as an alert. With JavaScript, focus moves to the first
 * invalid field (its label and error are read out), or to the summary when no field is named.
 */
export function FormAlert({ errors, children }: { errors?: FormErrors | null; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const fieldNames = Object.keys(errors?.fields ?? {});
  const message = errors?.form ?? (fieldNames.length ? 'Please check the highlighted fields.' : undefined);
  useEffect(() => {
    if (!errors) return;
    const form = ref.current?.closest('form') ?? document;
    const first = fieldNames.length ? form.querySelector<HTMLElement>(`[name="${fieldNames[0]}"]`) : null;
    (first ?? ref.current)?.focus();
    // Run again for each new answer from the action, not for each render.
  }, [errors]);
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={message ? 'alert alert--error' : 'alert-slot'}>
      {message ? (
        <>
          <p>{message}</p>
          {children}
        </>
      ) : null}
    </div>
  );
}

/** A calm confirmation, announced politely. */
export function Notice({ children, tone = 'success', title }: { children: ReactNode; tone?: 'success' | 'info'; title?: string }) {
  return (
    <div role="status" className={`notice notice--${tone}`}>
      {title ? <p className="notice__title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}

/** A submit button that shows `pendingText` while its form is on its way. */
export function SubmitButton({
  children,
  pendingText,
  intent,
  variant = 'primary',
  skipChecks = false,
  describedBy,
}: {
  children: ReactNode;
  pendingText: string;
  intent?: string;
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
  /** Sends the form without the browser-side checks (an action that needs fewer fields than the form's main one). */
  skipChecks?: boolean;
  /** The id of what the button acts on (a row's heading), for its accessible description. */
  describedBy?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const pending = submitting && (intent === undefined || navigation.formData?.get('intent') === intent);
  return (
    <button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      className={`button button--${variant}`}
      formNoValidate={skipChecks || undefined}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-describedby={describedBy}
    >
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" /> {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A ref for a form that empties itself after each successful answer (`done`) of its action. */
export function useResetAfter(result: { done?: string } | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.done) ref.current?.reset();
  }, [result]);
  return ref;
}

/** A date rendered in UTC on the server, then in the person's own time zone. */
export function LocalTime({ iso, utc, local }: { iso: string; utc: string; local: (iso: string) => string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? local(iso) : utc}</time>;
}
