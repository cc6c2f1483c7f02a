import { namedCookie } from '../../http/cookies.js';

/** Binds a WebAuthn challenge to the browser that asked for it; spent by its answer. */
export const PASSKEY_CHALLENGE_COOKIE = namedCookie({
  name: 'passkey_challenge',
  maxAge: 300,
  purpose: 'The WebAuthn challenge of a passkey registration or sign-in in progress (single use).',
});
