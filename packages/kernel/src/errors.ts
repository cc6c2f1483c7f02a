/**
 * The one error type of Tend. It carries the HTTP status the spec gives, a stable
 * upper-snake `code` derived from the message, and the message itself; the gateway maps it
 * to `{ code, message }` exactly once.
 */
export class AuthError extends Error {
  override readonly name = 'AuthError';

  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly code: string = codeOf(message),
    /** Extra fields for the response body (for example the invalid fields of a validation error). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string } & Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500;

/**
 * The code of a message: upper-case, with every run of other characters turned into one
 * underscore (`Invalid email or password` -> `INVALID_EMAIL_OR_PASSWORD`).
 */
export function codeOf(message: string): string {
  return message
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** One entry of a package's error catalogue. */
export interface ErrorDefinition {
  readonly status: ErrorStatus;
  readonly message: string;
  /** Only where the spec names a code that is not the message's own (BANNED_USER). */
  readonly code?: string;
}

/** Builds the error of a catalogue entry; `message` replaces the text for templated entries. */
export function raise(definition: ErrorDefinition, details?: Record<string, unknown>): AuthError {
  return new AuthError(definition.status, definition.message, definition.code ?? codeOf(definition.message), details);
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError;
}
