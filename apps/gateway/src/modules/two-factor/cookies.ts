import { TRUST_DEVICE_MARK, TRUST_DEVICE_SECONDS, TWO_FACTOR_POLICY } from '@tend/two-factor';
import { namedCookie } from '../../http/cookies.js';

/** The pending sign-in of the second step (`tend.two_factor`): 10 minutes, worthless once answered. */
export const TWO_FACTOR_COOKIE = namedCookie({ name: TWO_FACTOR_POLICY.replace('-', '_'), maxAge: 600, purpose: 'A sign-in waiting for its second factor (the pending sign-in token).' });

/** A browser one user trusts (`tend.trust_device`): that user's sign-ins from it skip the second factor for 30 days. */
export const TRUST_DEVICE_COOKIE = namedCookie({ name: TRUST_DEVICE_MARK, maxAge: TRUST_DEVICE_SECONDS, signInMark: true, purpose: 'A device trusted by one user: the second factor is not asked for 30 days.' });
