// Tend as an identity provider, in Chromium against a real gateway, with a real relying party
// (openid-client 6, its ID token checked with jose against the JWKS): a developer registers an app
// on Developer apps; people sign in to it through the pages (sign-up, password, Use another
// account), say Allow or Deny on Authorize, and revoke it on Connected apps; the secret is
// rotated and the app deleted; a site admin makes a client-credentials client in the console.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { BrowserContext, Page } from 'playwright-core';
import { browserIt, signUp, snap, startStack, type Stack } from './harness';
import { freshStep, totp, turnOn } from './two-factor-steps';

jest.setTimeout(240_000);

const adminEmail = 'oauth.admin@example.com';
const adminPassword = 'a calm admin password';
const password = 'a calm long password';
/** The relying party's redirect URI: never reached, the browser's navigation there is answered by the test. */
const REDIRECT_URI = 'https://calm-notes.example/callback';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let stack: Stack | undefined;

beforeAll(async () => {
  if (browserIt !== it) return;
  process.env.AUTH_BOOTSTRAP_ADMIN_EMAIL = adminEmail;
  process.env.AUTH_BOOTSTRAP_ADMIN_PASSWORD = adminPassword;
  stack = await startStack({ gatewayEnv: () => ({ AUTH_OAUTH_SCOPES: 'openid profile email offline_access moods:read' }) });
});
afterAll(async () => {
  await stack?.stop();
  delete process.env.AUTH_BOOTSTRAP_ADMIN_EMAIL;
  delete process.env.AUTH_BOOTSTRAP_ADMIN_PASSWORD;
});

const shot = (page: Page, name: string) => snap(page, 'oauth', name);
const issuer = () => `${stack!.gatewayUrl}/api/auth`;

/** The relying party's browser: its redirect URI answers a small page of its own. */
async function appBrowser(options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await stack!.newPage(options);
  await opened.context.route(`${new URL(REDIRECT_URI).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><html lang="en"><title>Calm Notes</title><main><h1>Back at Calm Notes</h1></main></html>' }),
  );
  return opened;
}

async function signIn(page: Page, identifier: string, secret: string): Promise<void> {
  await page.getByLabel('Email or username', { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Registers an app on Developer apps: its client ID and the secret read once from the page. */
async function registerApp(page: Page, name: string, options: { publicClient?: boolean } = {}): Promise<{ clientId: string; secret: string | null }> {
  await page.goto('/account/developer-apps');
  await page.getByLabel('App name', { exact: true }).fill(name);
  await page.getByLabel('Redirect URIs', { exact: true }).fill(`${REDIRECT_URI}\n`);
  if (options.publicClient) await page.getByLabel('Public client', { exact: true }).check();
  await page.getByRole('button', { name: 'Create app' }).click();
  const clientId = await page.getByLabel('Client ID', { exact: true }).inputValue();
  const secretField = page.getByLabel('Client secret', { exact: true });
  const secret = options.publicClient ? null : await secretField.inputValue();
  return { clientId, secret };
}

/** A relying party of the app: openid-client's configuration from Tend's discovery document. */
function relyingParty(clientId: string, secret: string | null): Promise<oidc.Configuration> {
  const auth = secret ? oidc.ClientSecretBasic(secret) : oidc.None();
  return oidc.discovery(new URL(issuer()), clientId, secret ? { client_secret: secret } : {}, auth, { execute: [oidc.allowInsecureRequests] });
}

interface Authorization {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

async function authorization(config: oidc.Configuration, scope = 'openid profile email'): Promise<Authorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope, state, nonce, code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
  return { url, verifier, state, nonce };
}

/** The code exchanged, the ID token verified with the JWKS (jose), userinfo read: whom the app signed in. */
async function finish(config: oidc.Configuration, request: Authorization, callback: string) {
  const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce });
  const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
  const { payload } = await jwtVerify(tokens.id_token!, jwks, { issuer: issuer(), audience: config.clientMetadata().client_id });
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, payload.sub!);
  return { tokens, idToken: payload, userinfo };
}

browserIt('a developer registers an app; a person signs up through it, allows it, is signed in to it, then revokes it and says no', async () => {
  const s = stack!;
  // The developer.
  const developer = await s.newPage();
  await developer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.webUrl });
  await signUp(developer.page, { name: 'Dev Eloper', email: `dev.${unique()}@example.com`, password });
  await developer.page.goto('/account');
  await developer.page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Developer apps' }).click();
  await developer.page.waitForURL('**/account/developer-apps');
  await developer.page.getByText('You haven’t registered any apps yet.').waitFor();
  await shot(developer.page, 'developer-apps-empty');
  // A redirect URI that is not an address is refused next to its field.
  await developer.page.getByLabel('App name', { exact: true }).fill('Calm Notes');
  await developer.page.getByLabel('Redirect URIs', { exact: true }).fill('calm notes callback');
  await developer.page.getByRole('button', { name: 'Create app' }).click();
  await developer.page.getByText('Please put one full address per line', { exact: false }).first().waitFor();
  const { clientId, secret } = await registerApp(developer.page, 'Calm Notes');
  expect(clientId).not.toBe('');
  expect(secret).toBeTruthy();
  await developer.page.getByText('it won’t be shown again.').waitFor();
  await developer.page.getByRole('button', { name: 'Copy Client secret' }).click();
  await developer.page.getByText('Copied to your clipboard.').first().waitFor();
  expect(await developer.page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await developer.page.getByRole('listitem').filter({ hasText: 'Calm Notes' }).getByText(REDIRECT_URI).waitFor();
  await shot(developer.page, 'developer-apps-created');
  // Shown once: gone after a reload.
  await developer.page.reload();
  expect(await developer.page.content()).not.toContain(secret!);

  // A person arrives from the app, signed out: the sign-in page, then a new account.
  const rp = await relyingParty(clientId, secret);
  const first = await authorization(rp);
  const { context, page } = await appBrowser();
  await page.goto(first.url.href);
  await page.waitForURL(`${s.webUrl}/sign-in?**`);
  expect(new URL(page.url()).searchParams.get('client_id')).toBe(clientId);
  await page.getByText('Sign in to Tend to continue to the app that sent you here.').waitFor();
  await shot(page, 'sign-in-for-an-app');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL('**/sign-up?**');
  const email = `nell.${unique()}@example.com`;
  await signUp(page, { name: 'Nell Harper', email, password }, { onForm: true, succeeds: false });

  // Authorize: the app, the access in words, the account; then Allow.
  await page.waitForURL('**/oauth/consent?**');
  await page.getByRole('heading', { name: 'Authorize', level: 1 }).waitFor();
  await page.getByText('Calm Notes', { exact: true }).first().waitFor();
  for (const words of ['Confirm your identity', 'See your name and picture', 'See your email address']) await page.getByText(words, { exact: true }).waitFor();
  await page.locator('#main').getByText(email).waitFor();
  await shot(page, 'authorize');
  // From the keyboard: Enter on Allow answers.
  await page.getByRole('button', { name: 'Allow' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${REDIRECT_URI}?**`);
  const answered = new URL(page.url());
  expect(answered.searchParams.get('state')).toBe(first.state);
  expect(answered.searchParams.get('iss')).toBe(issuer());

  // The app gets tokens: an ID token of this person, verified with Tend's keys, and userinfo.
  const signedIn = await finish(rp, first, page.url());
  expect(signedIn.idToken.aud).toBe(clientId);
  expect(signedIn.userinfo.email).toBe(email);
  expect(signedIn.userinfo.name).toBe('Nell Harper');

  // A second authorization goes straight back: the consent is remembered. (The gateway's redirect
  // is not handed to the test's route, so the browser's request to the app is what is checked.)
  const again = await authorization(rp);
  const probe = await context.newPage();
  const back = probe.waitForRequest((request) => request.url().startsWith(`${REDIRECT_URI}?`));
  await probe.goto(again.url.href).catch(() => undefined);
  const straightBack = new URL((await back).url());
  await probe.close();
  expect(straightBack.searchParams.get('code')).toBeTruthy();
  expect(straightBack.searchParams.get('state')).toBe(again.state);

  // Connected apps lists it; Revoke access forgets it.
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Connected apps' }).click();
  await page.waitForURL('**/account/connected-apps');
  const item = page.getByRole('listitem').filter({ hasText: 'Calm Notes' });
  await item.getByText('See your email address').waitFor();
  await shot(page, 'connected-apps');
  await item.getByRole('button', { name: 'Revoke access' }).click();
  await page.getByText('Calm Notes no longer has access to your account.').waitFor();
  await page.getByText('No apps are connected to your account.').waitFor();
  await shot(page, 'connected-apps-revoked');
  // The app's tokens end with it.
  await expect(oidc.fetchUserInfo(rp, signedIn.tokens.access_token, signedIn.idToken.sub!)).rejects.toThrow();

  // So the app asks again; this time the answer is no.
  const third = await authorization(rp);
  await page.goto(third.url.href);
  await page.waitForURL('**/oauth/consent?**');
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL(`${REDIRECT_URI}?**`);
  const denied = new URL(page.url());
  expect(denied.searchParams.get('error')).toBe('access_denied');
  expect(denied.searchParams.get('state')).toBe(third.state);
  expect(denied.searchParams.get('code')).toBeNull();

  await context.close();
  await developer.context.close();
});

browserIt('Use another account: signs out, then a password sign-in goes on to Authorize for the other account', async () => {
  const s = stack!;
  const owner = await s.newPage();
  await signUp(owner.page, { name: 'Owen', email: `owen.${unique()}@example.com`, password });
  const { clientId, secret } = await registerApp(owner.page, 'Mood Board', { publicClient: true });
  expect(secret).toBeNull();
  await owner.page.getByText('This is a public client: it has no secret', { exact: false }).waitFor();
  await owner.context.close();

  // Another person with an account of their own.
  const otherEmail = `ines.${unique()}@example.com`;
  const other = await s.newPage();
  await signUp(other.page, { name: 'Ines', email: otherEmail, password });
  await other.context.close();

  const rp = await relyingParty(clientId, null);
  const request = await authorization(rp, 'openid email');
  const { context, page } = await appBrowser();
  await signUp(page, { name: 'Someone Else', email: `else.${unique()}@example.com`, password });
  await page.goto(request.url.href);
  await page.waitForURL('**/oauth/consent?**');
  await page.locator('#main').getByText('Someone Else').waitFor();
  await page.getByRole('button', { name: 'Use another account' }).click();
  await page.waitForURL('**/sign-in?**');
  await signIn(page, otherEmail, password);
  await page.waitForURL('**/oauth/consent?**');
  await page.locator('#main').getByText(otherEmail).waitFor();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${REDIRECT_URI}?**`);
  const signedIn = await finish(rp, request, page.url());
  expect(signedIn.userinfo.email).toBe(otherEmail);
  await context.close();
});

browserIt('with two-factor on: the password, then the second step, then Authorize for the app', async () => {
  const s = stack!;
  const owner = await s.newPage();
  await signUp(owner.page, { name: 'Tova', email: `tova.${unique()}@example.com`, password });
  const { clientId, secret } = await registerApp(owner.page, 'Sleep Diary');
  await owner.context.close();

  const email = `theo.${unique()}@example.com`;
  const setup = await s.newPage();
  await signUp(setup.page, { name: 'Theo', email, password });
  const { setupKey, step } = await turnOn(setup.page);
  await setup.context.close();

  const rp = await relyingParty(clientId, secret);
  const request = await authorization(rp, 'openid email offline_access');
  const { context, page } = await appBrowser();
  await page.goto(request.url.href);
  await page.waitForURL('**/sign-in?**');
  await signIn(page, email, password);
  await page.waitForURL('**/sign-in/two-factor?**');
  // The challenge page goes back to the app's consent page afterwards.
  expect(new URL(page.url()).searchParams.get('callbackURL')).toMatch(/^\/oauth\/consent\?.*sig=/);
  await page.getByLabel('Code', { exact: true }).fill(totp(setupKey, await freshStep(step)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/oauth/consent?**');
  await page.getByText('Stay connected when you are away', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${REDIRECT_URI}?**`);
  const signedIn = await finish(rp, request, page.url());
  expect(signedIn.userinfo.email).toBe(email);
  // offline_access: a refresh token, which the app can use.
  expect(signedIn.tokens.refresh_token).toBeTruthy();
  const refreshed = await oidc.refreshTokenGrant(rp, signedIn.tokens.refresh_token!);
  expect(refreshed.access_token).not.toBe(signedIn.tokens.access_token);
  await context.close();
});

browserIt('rotates a secret (the old one is refused) and deletes an app after a confirmation', async () => {
  const s = stack!;
  const { context, page } = await s.newPage();
  await signUp(page, { name: 'Rota', email: `rota.${unique()}@example.com`, password });
  const { clientId, secret } = await registerApp(page, 'Night Log');
  /** Introspection authenticates the client: 401 for a wrong secret. */
  const introspect = (clientSecret: string) =>
    fetch(`${issuer()}/oauth2/introspect`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'not-a-token' }),
    }).then((response) => response.status);
  expect(await introspect(secret!)).toBe(200);

  await page.reload();
  await page.getByRole('button', { name: 'Rotate secret of Night Log' }).click();
  await page.getByText('A new secret for “Night Log”').waitFor();
  const rotated = await page.getByLabel('Client secret', { exact: true }).inputValue();
  expect(rotated).not.toBe(secret);
  await shot(page, 'developer-apps-rotated');
  expect(await introspect(secret!)).toBe(401);
  expect(await introspect(rotated)).toBe(200);

  // Delete asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete Night Log' }).click();
  await page.getByText('Delete “Night Log”?').waitFor();
  await shot(page, 'developer-apps-confirm-delete');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete Night Log' }).waitFor();
  await page.getByRole('button', { name: 'Delete Night Log' }).click();
  await page.getByRole('button', { name: 'Yes, delete app' }).click();
  await page.getByText('“Night Log” is deleted.', { exact: false }).waitFor();
  await page.getByText('You haven’t registered any apps yet.').waitFor();
  expect(await introspect(rotated)).toBe(401);
  await context.close();
});

browserIt('without JavaScript, Deny answers a page that goes back to the app by itself, and the pages fit a phone', async () => {
  const s = stack!;
  const owner = await s.newPage();
  await signUp(owner.page, { name: 'Pia', email: `pia.${unique()}@example.com`, password });
  const { clientId, secret } = await registerApp(owner.page, 'Quiet Hours');
  await owner.context.close();

  const rp = await relyingParty(clientId, secret);
  const request = await authorization(rp);
  const { context, page } = await appBrowser({ javaScriptEnabled: false, width: 375 });
  await signUp(page, { name: 'Ray', email: `ray.${unique()}@example.com`, password });
  await page.goto(request.url.href);
  await page.waitForURL('**/oauth/consent?**');
  await shot(page, 'authorize-phone-no-js');
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('section.card, section.card *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  expect(wide).toEqual([]);
  await page.getByRole('button', { name: 'Deny' }).click();
  // The meta refresh goes on to the app; the link is there for a browser that does not.
  await page.waitForURL(`${REDIRECT_URI}?**`);
  expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  await context.close();
});

browserIt('a site admin lists OAuth clients, creates a client-credentials client (its secret shown once) and deletes it', async () => {
  const s = stack!;
  const { context, page } = await s.newPage();
  await page.goto('/sign-in');
  await signIn(page, adminEmail, adminPassword);
  await page.waitForURL('**/account');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'OAuth clients' }).click();
  await page.waitForURL('**/admin/oauth-clients');
  await page.getByRole('heading', { name: 'OAuth clients', level: 1 }).waitFor();
  await shot(page, 'admin-clients');

  await page.getByLabel('App name', { exact: true }).fill('Mood Sync Service');
  await page.getByLabel('Redirect URIs', { exact: true }).fill(REDIRECT_URI);
  await page.getByLabel(/^Client credentials scopes/).fill('moods:read');
  await page.getByLabel('Allow sign-out from the app', { exact: true }).check();
  await page.getByLabel(/^Post-logout redirect URIs/).fill('https://calm-notes.example/signed-out');
  await page.getByRole('button', { name: 'Create client' }).click();
  const clientId = await page.getByLabel('Client ID', { exact: true }).inputValue();
  const secret = await page.getByLabel('Client secret', { exact: true }).inputValue();
  const item = page.getByRole('listitem').filter({ hasText: 'Mood Sync Service' });
  await item.getByText('moods:read').waitFor();
  await item.getByText('Allowed', { exact: true }).waitFor();
  await shot(page, 'admin-client-created');

  // The service gets a token for itself with those scopes.
  const service = await relyingParty(clientId, secret);
  const token = await oidc.clientCredentialsGrant(service, { scope: 'moods:read' });
  expect(token.scope).toBe('moods:read');
  expect(token.refresh_token).toBeUndefined();

  await item.getByRole('button', { name: 'Delete Mood Sync Service' }).click();
  await page.getByRole('button', { name: 'Yes, delete client' }).click();
  await page.getByText('“Mood Sync Service” is deleted.', { exact: false }).waitFor();
  // The list is read again after the answer: the client leaves it.
  await page.getByRole('listitem').filter({ hasText: 'Mood Sync Service' }).waitFor({ state: 'detached' });
  await shot(page, 'admin-client-deleted');
  await expect(oidc.clientCredentialsGrant(service, { scope: 'moods:read' })).rejects.toThrow();
  await context.close();
});
