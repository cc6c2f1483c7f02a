// Passkeys (passkeys*.test.ts): a software authenticator (an ES256 key made with node:crypto,
// real client data, authenticator data and a `none` attestation), driven through the routes the
// way @simplewebauthn/browser would, so every test goes through the server's real verification.
import { SoftwareAuthenticator, type CeremonyOverrides, type SoftwareAuthenticatorOptions } from '@tend/passkeys/testing';
import { CookieJar } from './cookies.js';
import type { TestGateway } from './gateway.js';
import { get, post } from './requests.js';

/** The web app's origin and host name of a test gateway (AUTH_WEB_URL's default): the relying party. */
export const PASSKEY_ORIGIN = 'http://localhost:3001';
export const PASSKEY_RP_ID = 'localhost';
export const CHALLENGE_COOKIE = 'tend.passkey_challenge';

/** A new authenticator for the test relying party. */
export const authenticator = (options: Partial<SoftwareAuthenticatorOptions> = {}) => new SoftwareAuthenticator({ origin: PASSKEY_ORIGIN, rpID: PASSKEY_RP_ID, ...options });

/** A browser's cookies (a signed-in client's jar, or a fresh one). */
type Browser = { jar: CookieJar };

/** GET /passkey/generate-register-options, keeping the challenge cookie in the browser. */
export async function registerOptions(gateway: TestGateway, browser: Browser) {
  const res = await get(gateway, '/passkey/generate-register-options', browser.jar);
  browser.jar.store(res);
  return res;
}

/** The options call, the authenticator's answer and POST /passkey/verify-registration. */
export async function addPasskey(gateway: TestGateway, browser: Browser, device: SoftwareAuthenticator, body: { name?: string } = {}, overrides: CeremonyOverrides = {}) {
  const options = (await registerOptions(gateway, browser).then((res) => res.body)) as Parameters<SoftwareAuthenticator['register']>[0];
  const response = device.register(options, overrides);
  const res = await post(gateway, '/passkey/verify-registration', browser.jar, { response, ...body });
  browser.jar.store(res);
  return Object.assign(res, { response });
}

/** GET /passkey/generate-authenticate-options, keeping the challenge cookie in the browser. */
export async function authenticateOptions(gateway: TestGateway, browser: Browser) {
  const res = await get(gateway, '/passkey/generate-authenticate-options', browser.jar);
  browser.jar.store(res);
  return res;
}

/** The options call, the authenticator's signed answer and POST /passkey/verify-authentication. */
export async function signInWithPasskey(gateway: TestGateway, device: SoftwareAuthenticator, overrides: CeremonyOverrides = {}, browser: Browser = { jar: new CookieJar() }) {
  const options = (await authenticateOptions(gateway, browser)).body as { challenge: string; rpId: string };
  const response = device.authenticate(options, overrides);
  const res = await post(gateway, '/passkey/verify-authentication', browser.jar, { response });
  browser.jar.store(res);
  return Object.assign(res, { response, browser });
}

/** POST /passkey/verify-authentication of a response, from a browser. */
export async function verifyAuthentication(gateway: TestGateway, browser: Browser, response: unknown) {
  const res = await post(gateway, '/passkey/verify-authentication', browser.jar, { response });
  browser.jar.store(res);
  return res;
}
