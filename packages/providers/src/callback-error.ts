import { AuthError, type ErrorDefinition } from '@tend/kernel';
import { withQuery } from '@tend/identity';
import { redirectCodeOf } from './error-codes.js';

/**
 * A provider callback that ends on an error page. Still an AuthError (status, code, message of
 * its CALLBACK_ERRORS entry); it also carries where to send the browser:
 * `<errorCallbackURL or {auth base}/error>?error=<redirectCode>`.
 */
export class CallbackError extends AuthError {
  readonly redirectCode: string;
  readonly redirectTo: string;

  constructor(definition: ErrorDefinition, errorURL: string, options: { redirectCode?: string; description?: string } = {}) {
    super(definition.status, definition.message, definition.code);
    this.redirectCode = options.redirectCode ?? redirectCodeOf(definition);
    this.redirectTo = withQuery(errorURL, { error: this.redirectCode, error_description: options.description });
  }
}

export function isCallbackError(error: unknown): error is CallbackError {
  return error instanceof CallbackError;
}
