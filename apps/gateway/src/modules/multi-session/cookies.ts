import { MAX_COOKIE_AGE } from '@tend/sessions';
import { namedCookie } from '../../http/cookies.js';

/**
 * The browser's durable device cookie (`tend.known_device`, 400 days, kept at sign-out): the
 * accounts that have signed in from it, as keyed marks. A sign-in of an account it does not name
 * is from a new device: the account is mailed.
 */
export const KNOWN_DEVICE_COOKIE = namedCookie({ name: 'known_device', maxAge: MAX_COOKIE_AGE, purpose: 'The accounts that have signed in from this browser (the new-device mail).' });
