// The browser's half of passkeys (with JavaScript only): ask the gateway for options through the
// web app's /api/auth proxy (their challenge is bound to this browser's cookie), let the browser
// talk to the authenticator, and hand its answer to the page's form, which the server verifies.
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';
import { AUTH_BASE_PATH, routes } from '@tend/contracts';

export type CeremonyResult = { ok: true; response: string } | { ok: false; message: string | null };

const UNSUPPORTED = "This browser can't use passkeys. Try another browser, or use another way.";
const CANCELLED = 'No passkey was used. You can try again when you are ready.';
const FAILED = 'Something went wrong talking to your passkey. Please try again.';

async function options(path: string): Promise<unknown> {
  const res = await fetch(`${AUTH_BASE_PATH}${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (res.status === 429) throw new Error('Too many attempts. Please wait a few seconds and try again.');
  if (!res.ok) throw new Error(FAILED);
  return res.json();
}

function failure(error: unknown): CeremonyResult {
  const name = error instanceof Error ? ((error as { cause?: { name?: string } }).cause?.name ?? error.name) : '';
  // Another ceremony took over (the autofill one, replaced by the button): nothing to say.
  if (name === 'AbortError') return { ok: false, message: null };
  if (name === 'NotAllowedError') return { ok: false, message: CANCELLED };
  if ((error as { code?: string }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return { ok: false, message: 'This device already holds a passkey for your account.' };
  return { ok: false, message: error instanceof Error && error.message.startsWith('Too many') ? error.message : FAILED };
}

/** Creates a passkey on this device: the registration answer as JSON. */
export async function registerPasskey(): Promise<CeremonyResult> {
  if (!browserSupportsWebAuthn()) return { ok: false, message: UNSUPPORTED };
  try {
    const optionsJSON = (await options(routes.generatePasskeyRegisterOptions.path)) as Parameters<typeof startRegistration>[0]['optionsJSON'];
    return { ok: true, response: JSON.stringify(await startRegistration({ optionsJSON })) };
  } catch (error) {
    return failure(error);
  }
}

/** Signs in with a passkey: the assertion as JSON. `autofill`: offered in the email field's suggestions (conditional mediation). */
export async function authenticateWithPasskey(autofill = false): Promise<CeremonyResult> {
  if (!browserSupportsWebAuthn()) return { ok: false, message: UNSUPPORTED };
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return { ok: false, message: null };
  try {
    const optionsJSON = (await options(routes.generatePasskeyAuthenticateOptions.path)) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
    return { ok: true, response: JSON.stringify(await startAuthentication({ optionsJSON, useBrowserAutofill: autofill })) };
  } catch (error) {
    return failure(error);
  }
}

/** Stops a pending ceremony (the page is leaving). */
export function cancelCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}
