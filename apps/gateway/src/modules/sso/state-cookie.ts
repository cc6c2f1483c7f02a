import { namedCookie } from '../../http/cookies.js';

/**
 * The browser binding of OIDC SSO sign-in states, for the 10 minutes a state lives: a state only
 * works in the browser that started the sign-in (`tend.sso_state`). SAML's ACS is posted
 * cross-site, without cookies: its RelayState is bound on the server instead.
 */
export const SSO_STATE_COOKIE = namedCookie({
  name: 'sso_state',
  maxAge: 600,
  purpose: 'Binds a single sign-on (OIDC) sign-in to the browser that started it.',
});
