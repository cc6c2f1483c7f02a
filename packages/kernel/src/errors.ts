/**
 * The one error type of Tend. It carries the HTTP status the spec gives, a stable
 * upper-snake `code` (the key of its catalogue entry), and the message itself; the gateway
 * maps it to `{ code, message }` exactly once.
 */
export class AuthError<C extends string = string> extends Error {
  override readonly name = 'AuthError';

  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly code: C = codeOf(message) as C,
    /** Extra fields for the response body (for example the invalid fields of a validation error). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toJSON(): { code: C; message: string } & Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * The code of a message, as spec section 8 derives it: upper-case, with every run of other
 * characters turned into one underscore (`Invalid email or password` -> `INVALID_EMAIL_OR_PASSWORD`).
 */
export function codeOf(message: string): string {
  return message
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** One entry of a package's error catalogue; its key in the catalogue is the wire code. */
export interface ErrorDefinition<C extends string = string> {
  readonly status: ErrorStatus;
  readonly message: string;
  readonly code: C;
}

type Entries = Record<string, { readonly status: ErrorStatus; readonly message: string }>;

/** A catalogue: every key is the code clients receive, so `raise(CATALOGUE.KEY).code === 'KEY'`. */
export type ErrorCatalogue<T extends Entries> = { readonly [K in keyof T & string]: T[K] & { readonly code: K } };

/**
 * Declares a package's error catalogue (spec section 8 is the source). The key is the wire
 * code; a test proves each key follows the spec's derivation from its message, or is one the
 * spec names itself (BANNED_USER).
 */
export function defineErrors<const T extends Entries>(entries: T): ErrorCatalogue<T> {
  return Object.fromEntries(Object.entries(entries).map(([code, entry]) => [code, Object.freeze({ ...entry, code })])) as ErrorCatalogue<T>;
}

/** The codes of a catalogue, as a union type. */
export type CodesOf<T> = T extends ErrorCatalogue<infer E> ? keyof E & string : T extends Record<string, ErrorDefinition<infer C>> ? C : never;

/** Builds the error of a catalogue entry. */
export function raise<C extends string>(definition: ErrorDefinition<C>, details?: Record<string, unknown>): AuthError<C> {
  return new AuthError(definition.status, definition.message, definition.code, details);
}

/**
 * `raise` for a failure caused by another: the cause stays on the error (`error.cause`) for the
 * log and for the gateway, which answers 503 when the cause is a database outage, never the 500
 * of the wrapping error. The client still sees only `{ code, message }`.
 */
export function raiseFrom<C extends string>(cause: unknown, definition: ErrorDefinition<C>, details?: Record<string, unknown>): AuthError<C> {
  const error = raise(definition, details);
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false, configurable: true, writable: true });
  return error;
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError;
}

/** Whether `error` is the AuthError of `code`: `if (hasCode(err, 'USER_ALREADY_EXISTS'))`. */
export function hasCode<C extends string>(error: unknown, code: C): error is AuthError<C> {
  return error instanceof AuthError && error.code === code;
}
