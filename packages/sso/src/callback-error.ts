/** A failed OIDC callback or SAML post: where the browser goes, and why (the `?error=` code). */
export class SsoCallbackError extends Error {
  override readonly name = 'SsoCallbackError';
  constructor(
    /** The error URL with `?error=<code>` already applied. */
    readonly redirectTo: string,
    readonly code: string,
    readonly providerId: string | null,
    /** For the audit log, never shown: what exactly was wrong. */
    readonly reason: string,
  ) {
    super(code);
  }
}

export function isSsoCallbackError(error: unknown): error is SsoCallbackError {
  return error instanceof SsoCallbackError;
}
