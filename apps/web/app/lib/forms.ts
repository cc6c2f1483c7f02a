// Submitted forms, checked with schemas built from the gateway's own contract schemas through
// Conform's zod adapter: in the action (every form works without JavaScript) and, with JavaScript,
// in the browser before sending (components/forms.tsx, useCheckedForm). The words a person reads
// come from each form's definition (lib/form-schemas.ts), never from the schemas' developer text.
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import type { FormErrors } from './errors';

/** What a person is told about one field: when it is left empty, and when what was typed is not right. */
export interface FieldWords {
  required?: string;
  /** Longer than the contract allows (default: "Please use at most N characters."). */
  tooLong?: string;
  invalid?: string;
}

/** A form: its schema, the words of its fields, and the fields typed back after a refusal (never passwords). */
export interface FormDefinition<S extends z.ZodType = z.ZodType> {
  schema: S;
  words: Readonly<Record<string, FieldWords>>;
  echo: readonly string[];
}

export type Parsed<T> = { ok: true; values: T } | { ok: false; errors: FormErrors; values: Partial<Record<string, string>> };

/** Declares a form (the identity function keeps the schema's types). */
export function defineForm<S extends z.ZodType>(schema: S, words: FormDefinition['words'], echo: readonly string[] = []): FormDefinition<S> {
  return { schema, words, echo };
}

/** A refinement whose message is already meant for people (two passwords that differ). */
export const PLAIN = { plain: true } as const;

const MISSING = '__missing__';
const SUMMARY = 'Please check the highlighted fields.';
const GENERIC = "This doesn't look right. Please check it.";

interface Issue {
  code: string;
  message: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown>;
}

/** One issue in plain words: missing, too long, or not right. */
function wordsOf(issue: Issue, words: FieldWords | undefined): string {
  const empty = issue.message === MISSING || (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1);
  if (empty) return words?.required ?? 'Please fill this in.';
  if (issue.code === 'custom' && issue.params?.plain) return issue.message;
  if (issue.code === 'too_big' && issue.origin === 'string') return words?.tooLong ?? `Please use at most ${String(issue.maximum)} characters.`;
  return words?.invalid ?? GENERIC;
}

/** A form without checks: what a submit button with `formNoValidate` sends (the action checks its own fields). */
export const UNCHECKED_FORM = defineForm(z.looseObject({}), {});

/** Conform's submission of `formData` against a form (server and browser alike). */
export function validate<S extends z.ZodType>(definition: FormDefinition<S>, formData: FormData) {
  return parseWithZod(formData, {
    schema: definition.schema,
    // Conform turns empty fields into undefined: a field left empty, whatever its schema says.
    error: (issue) => (issue.input === undefined ? MISSING : undefined),
    formatError: (issues: Array<Issue & { path: PropertyKey[] }>) => issues.map((issue) => wordsOf(issue, definition.words[String(issue.path[0] ?? '')])),
  });
}

/** The form errors of Conform's per-field messages: the first message of each field, and the summary. */
export function formErrorsOf(error: Record<string, string[] | null> | null | undefined): FormErrors | undefined {
  const fields: Record<string, string> = {};
  let form: string | undefined;
  for (const [name, messages] of Object.entries(error ?? {})) {
    if (!messages?.length) continue;
    if (name === '') form = messages[0];
    else fields[name] = messages[0]!;
  }
  if (!form && Object.keys(fields).length === 0) return undefined;
  return { fields, form: form ?? SUMMARY };
}

/** Checks a submitted form in an action: its values, or the errors to show and the fields to type back. */
export function parseForm<S extends z.ZodType>(definition: FormDefinition<S>, formData: FormData): Parsed<z.output<S>> {
  const submission = validate(definition, formData);
  if (submission.status === 'success') return { ok: true, values: submission.value };
  const echo: Record<string, string> = {};
  for (const name of definition.echo) {
    const value = formData.get(name);
    if (typeof value === 'string') echo[name] = value.trim();
  }
  return { ok: false, errors: formErrorsOf(submission.error) ?? { fields: {}, form: SUMMARY }, values: echo };
}

/** A trimmed text field of a form that is not checked (an intent, an id): '' when missing. */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A password field that is not checked: never trimmed, spaces may be part of it. */
export function secret(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A checkbox: on when present with any value but 'off'/'false'. */
export function checked(form: FormData, name: string): boolean {
  const value = form.get(name);
  return typeof value === 'string' && value !== 'off' && value !== 'false';
}
