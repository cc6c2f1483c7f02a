import { namedCookie } from '../../http/cookies.js';

/**
 * The browser binding of provider sign-in states, for the 10 minutes a state lives: a state
 * only works in the browser that started the flow (`tend.oauth_state`).
 */
export const PROVIDER_STATE_COOKIE = namedCookie({
  name: 'oauth_state',
  maxAge: 600,
  purpose: 'Binds an identity-provider sign-in or link to the browser that started it.',
});
