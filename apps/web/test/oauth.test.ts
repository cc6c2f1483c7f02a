// An app's sign-in through the web app (issue 31), against a stub gateway on 127.0.0.1: the signed
// authorization request (oauth_query) carried untouched through the sign-in methods and the second
// step, the one helper that follows every sign-in's answer, and the Authorize page's loader and action.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { action as consentAction, loader as consentLoader } from '../app/routes/oauth.consent';
import { action as developerAppsAction } from '../app/routes/account.developer-apps';
import { action as signInAction, loader as signInLoader } from '../app/routes/sign-in';
import { action as signUpAction } from '../app/routes/sign-up';
import { action as twoFactorAction } from '../app/routes/sign-in_.two-factor';
import { consentPath, signedQuery, targetOf, targetOfUrl } from '../app/lib/sign-in-flow.server';
import { SIGN_IN_METHODS, signInMethodFor } from '../app/lib/sign-in-methods.server';
import { startStubGateway, type StubGateway } from './stub-gateway';

let stub: StubGateway;
const savedGatewayUrl = process.env.GATEWAY_URL;

beforeAll(async () => {
  stub = await startStubGateway();
  process.env.GATEWAY_URL = stub.url;
});
afterAll(async () => {
  process.env.GATEWAY_URL = savedGatewayUrl;
  await stub.close();
});
beforeEach(() => {
  stub.requests.length = 0;
  stub.routes.clear();
});

const WEB = 'http://localhost:3001';
/** An authorization request as the gateway signs it: any order, its own percent-encoding, exp and sig last. */
const OAUTH_QUERY = 'response_type=code&client_id=app_1&redirect_uri=https%3A%2F%2Frp.example%2Fcb&scope=openid+email&state=s%2F1&code_challenge=abc&code_challenge_method=S256&exp=4102444800&sig=Zm9v-YmFy_';
const CONSENT = `/oauth/consent?${OAUTH_QUERY}`;
const user = { id: 'u1', email: 'ada@example.com', emailVerified: true, name: 'Ada', createdAt: '', updatedAt: '' };
const session = { id: 's1', token: 'tok-1', userId: 'u1', expiresAt: '', createdAt: '', updatedAt: '' };

function post(path: string, fields: Record<string, string>, cookie = ''): ActionFunctionArgs {
  const request = new Request(`${WEB}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie, origin: WEB, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { request, params: {}, context: {} };
}

function get(path: string, cookie = ''): LoaderFunctionArgs {
  return { request: new Request(`${WEB}${path}`, { headers: { cookie } }), params: {}, context: {} };
}

async function run<A>(fn: (args: A) => unknown, args: A): Promise<unknown> {
  try {
    return await fn(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type DataResult = { data: Record<string, unknown> & { errors?: { fields: Record<string, string>; form?: string } }; init: { status?: number } | null };

describe('the sign-in target', () => {
  it('reads the gateway’s signed query as it came, and makes the consent page the deep link', () => {
    expect(targetOfUrl(new URL(`${WEB}/sign-in?${OAUTH_QUERY}`))).toEqual({ redirectTo: CONSENT, oauthQuery: OAUTH_QUERY });
    // Carried as a deep link (redirectTo, callbackURL), the same query comes back out.
    expect(targetOf(CONSENT)).toEqual({ redirectTo: CONSENT, oauthQuery: OAUTH_QUERY });
    expect(targetOfUrl(new URL(`${WEB}/sign-in?redirectTo=${encodeURIComponent(CONSENT)}&error=INVALID_TOKEN`))).toEqual({ redirectTo: CONSENT, oauthQuery: OAUTH_QUERY });
  });

  it('is an ordinary deep link without a signature', () => {
    expect(targetOfUrl(new URL(`${WEB}/sign-in?redirectTo=%2Forganizations`))).toEqual({ redirectTo: '/organizations', oauthQuery: null });
    expect(targetOfUrl(new URL(`${WEB}/sign-in?client_id=x&state=y`))).toEqual({ redirectTo: '/account', oauthQuery: null });
    expect(signedQuery('?client_id=x&sig=abc')).toBeNull();
    expect(targetOf('//evil.example/oauth/consent?exp=1&sig=x')).toEqual({ redirectTo: '/account', oauthQuery: null });
    expect(consentPath(OAUTH_QUERY)).toBe(CONSENT);
  });

  it('dispatches each intent of the sign-in page to the method that declared it', () => {
    expect(SIGN_IN_METHODS.map((method) => method.name)).toEqual(['email link or code', 'passkey', 'password']);
    expect(signInMethodFor('magic-link').name).toBe('email link or code');
    expect(signInMethodFor('verify-code').name).toBe('email link or code');
    expect(signInMethodFor('passkey-sign-in').name).toBe('passkey');
    expect(signInMethodFor('sign-in').name).toBe('password');
    expect(signInMethodFor('').name).toBe('password');
  });
});

describe('an app’s sign-in on the sign-in page', () => {
  it('keeps the request: the form goes on to the consent page', async () => {
    stub.on('GET /api/auth/get-session', { body: null });
    stub.on('GET /api/auth/sign-in/social/providers', { body: { providers: [] } });
    const page = (await run(signInLoader, get(`/sign-in?${OAUTH_QUERY}`))) as DataResult;
    expect(page.data.redirectTo).toBe(CONSENT);
    expect(page.data.forApp).toBe(true);
  });

  it('sends a signed-in browser straight to the consent page', async () => {
    stub.on('GET /api/auth/get-session', { body: { session, user } });
    const result = (await run(signInLoader, get(`/sign-in?${OAUTH_QUERY}`, 'tend.session_token=tok-1.sig'))) as Response;
    expect(result.headers.get('location')).toBe(CONSENT);
  });

  it('passes oauth_query with the password and follows the gateway to the consent page', async () => {
    stub.on('POST /api/auth/sign-in/email', { body: { redirect: true, url: `http://127.0.0.1:3001${CONSENT}` }, headers: { 'set-cookie': 'tend.session_token=t.sig; Path=/; HttpOnly' } });
    const result = (await run(signInAction, post('/sign-in', { identifier: 'ada@example.com', password: 'long enough', intent: 'sign-in', redirectTo: CONSENT }))) as Response;
    expect(stub.requests[0]?.body).toEqual({ email: 'ada@example.com', password: 'long enough', rememberMe: false, oauth_query: OAUTH_QUERY });
    expect(result.status).toBe(302);
    // The consent page stays on this origin, where the new session cookie lives.
    expect(result.headers.get('location')).toBe(CONSENT);
    expect(result.headers.getSetCookie()).toEqual(['tend.session_token=t.sig; Path=/; HttpOnly']);
  });

  it('follows an app already allowed straight back to it', async () => {
    stub.on('POST /api/auth/sign-in/username', { body: { redirect: true, url: 'https://rp.example/cb?code=c1&state=s%2F1&iss=x' } });
    const result = (await run(signInAction, post('/sign-in', { identifier: 'ada', password: 'long enough', redirectTo: CONSENT }))) as Response;
    expect((stub.requests[0]?.body as { oauth_query?: string }).oauth_query).toBe(OAUTH_QUERY);
    expect(result.headers.get('location')).toBe('https://rp.example/cb?code=c1&state=s%2F1&iss=x');
  });

  it('sends a challenged sign-in to the second step, the request kept in its callback', async () => {
    stub.on('POST /api/auth/sign-in/email', { body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } });
    const result = (await run(signInAction, post('/sign-in', { identifier: 'ada@example.com', password: 'long enough', redirectTo: CONSENT }))) as Response;
    expect(result.headers.get('location')).toBe(`/sign-in/two-factor?callbackURL=${encodeURIComponent(CONSENT)}`);
  });

  it('passes oauth_query with an emailed code', async () => {
    stub.on('POST /api/auth/sign-in/email-otp', { body: { redirect: true, url: `${WEB}${CONSENT}` } });
    const result = (await run(signInAction, post('/sign-in', { intent: 'verify-code', email: 'ada@example.com', otp: '123456', redirectTo: CONSENT }))) as Response;
    expect(stub.requests[0]?.body).toEqual({ email: 'ada@example.com', otp: '123456', oauth_query: OAUTH_QUERY });
    expect(result.headers.get('location')).toBe(CONSENT);
  });

  it('sends the mailed link back to the consent page', async () => {
    stub.on('POST /api/auth/sign-in/magic-link', { body: { status: true } });
    await run(signInAction, post('/sign-in', { intent: 'magic-link', identifier: 'ada@example.com', redirectTo: CONSENT }));
    const body = stub.requests[0]?.body as { callbackURL: string; errorCallbackURL: string };
    expect(body.callbackURL).toBe(`${WEB}${CONSENT}`);
    expect(new URL(body.errorCallbackURL).searchParams.get('redirectTo')).toBe(CONSENT);
  });

  it('without the request, a sign-in goes to the deep link and sends no oauth_query', async () => {
    stub.on('POST /api/auth/sign-in/email', { body: { redirect: false, token: 't', url: null, user } });
    const result = (await run(signInAction, post('/sign-in', { identifier: 'ada@example.com', password: 'long enough', redirectTo: '/organizations' }))) as Response;
    expect(stub.requests[0]?.body).not.toHaveProperty('oauth_query');
    expect(result.headers.get('location')).toBe('/organizations');
  });
});

describe('the second step and sign-up of an app’s sign-in', () => {
  it('passes oauth_query with the code, then the consent page', async () => {
    stub.on('POST /api/auth/two-factor/verify-totp', { body: { redirect: true, url: `${WEB}${CONSENT}` } });
    const result = (await run(twoFactorAction, post('/sign-in/two-factor', { intent: 'verify-totp', code: '123 456', callbackURL: CONSENT }))) as Response;
    expect(stub.requests[0]?.body).toEqual({ code: '123456', trustDevice: false, oauth_query: OAUTH_QUERY });
    expect(result.headers.get('location')).toBe(CONSENT);
  });

  it('an older gateway answering the session still reaches the consent page', async () => {
    stub.on('POST /api/auth/two-factor/verify-backup-code', { body: { token: 't', user } });
    const result = (await run(twoFactorAction, post('/sign-in/two-factor', { intent: 'verify-backup-code', backupCode: 'abcde-fghij', callbackURL: `${WEB}${CONSENT}` }))) as Response;
    expect(result.headers.get('location')).toBe(CONSENT);
  });

  it('passes oauth_query with a sign-up, and follows the answer', async () => {
    stub.on('POST /api/auth/sign-up/email', { body: { redirect: true, url: `${WEB}${CONSENT}` } });
    const result = (await run(signUpAction, post('/sign-up', { name: 'Ada', email: 'ada@example.com', password: 'long enough', redirectTo: CONSENT }))) as Response;
    expect((stub.requests[0]?.body as { oauth_query?: string }).oauth_query).toBe(OAUTH_QUERY);
    // A verification link, when one is asked for first, lands on the consent page too.
    expect((stub.requests[0]?.body as { callbackURL?: string }).callbackURL).toBe(`${WEB}${CONSENT}`);
    expect(result.headers.get('location')).toBe(CONSENT);
  });
});

describe('the Authorize page', () => {
  const info = {
    client: { client_id: 'app_1', client_name: 'Calm Notes', client_uri: 'https://rp.example', logo_uri: null },
    scopes: ['openid', 'email'],
    redirect_uri: 'https://rp.example/cb',
    user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
  };

  it('asks the gateway with the whole query, and names the app, the access and the account', async () => {
    stub.on('GET /api/auth/oauth2/consent-info', { body: info });
    const page = (await run(consentLoader, get(CONSENT, 'tend.session_token=tok-1.sig'))) as DataResult;
    expect(new URL(`${WEB}${stub.requests[0]?.path}`).searchParams.get('oauth_query')).toBe(OAUTH_QUERY);
    expect(page.data.info).toEqual({ name: 'Calm Notes', clientUri: 'https://rp.example', logoUri: null, scopes: ['openid', 'email'], account: { name: 'Ada', email: 'ada@example.com' } });
  });

  it('sends a browser without a session to sign in, with the same query', async () => {
    stub.on('GET /api/auth/oauth2/consent-info', { status: 401, body: { code: 'UNAUTHORIZED', message: 'Unauthorized' } });
    const result = (await run(consentLoader, get(CONSENT))) as Response;
    expect(result.headers.get('location')).toBe(`/sign-in?${OAUTH_QUERY}`);
  });

  it('says a tampered request cannot be trusted', async () => {
    stub.on('GET /api/auth/oauth2/consent-info', { status: 400, body: { code: 'INVALID_SIGNATURE', message: 'Invalid signature', error: 'invalid_signature' } });
    const page = (await run(consentLoader, get(CONSENT, 'tend.session_token=tok-1.sig'))) as DataResult;
    expect(page.init?.status).toBe(400);
    expect(page.data.problem).toMatch(/changed on its way/);
  });

  it('Allow answers the gateway and sends the browser to the app', async () => {
    stub.on('POST /api/auth/oauth2/consent', { body: { redirect: true, url: 'https://rp.example/cb?code=c1&state=s%2F1&iss=i' } });
    const result = (await run(consentAction, post('/oauth/consent', { intent: 'allow', oauth_query: OAUTH_QUERY, scripted: '1' }, 'tend.session_token=tok-1.sig'))) as Response;
    expect(stub.requests[0]?.body).toEqual({ accept: true, oauth_query: OAUTH_QUERY });
    expect(result.headers.get('location')).toBe('https://rp.example/cb?code=c1&state=s%2F1&iss=i');
  });

  it('Deny without scripts answers a page that moves on by itself (a form may not be redirected to another origin)', async () => {
    stub.on('POST /api/auth/oauth2/consent', { body: { redirect: true, url: 'https://rp.example/cb?error=access_denied&state=s%2F1' } });
    const result = (await run(consentAction, post('/oauth/consent', { intent: 'deny', oauth_query: OAUTH_QUERY }, 'tend.session_token=tok-1.sig'))) as DataResult;
    expect(stub.requests[0]?.body).toEqual({ accept: false, oauth_query: OAUTH_QUERY });
    expect(result.data.continueTo).toEqual({ url: 'https://rp.example/cb?error=access_denied&state=s%2F1', accepted: false });
  });

  it('Use another account signs out and starts the sign-in again with the same request', async () => {
    stub.on('POST /api/auth/sign-out', { body: { success: true } });
    const result = (await run(consentAction, post('/oauth/consent', { intent: 'another-account', oauth_query: OAUTH_QUERY }, 'tend.session_token=tok-1.sig'))) as Response;
    expect(stub.requests.map((r) => r.path)).toEqual(['/api/auth/sign-out']);
    expect(result.headers.get('location')).toBe(`/sign-in?${OAUTH_QUERY}`);
    expect(result.headers.getSetCookie().join()).toMatch(/tend\.session_token=;/);
  });

  it('refuses a request without a signature without asking the gateway', async () => {
    const result = (await run(consentAction, post('/oauth/consent', { intent: 'allow', oauth_query: 'client_id=x' }, 'tend.session_token=tok-1.sig'))) as DataResult;
    expect(result.init?.status).toBe(400);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('Developer apps', () => {
  it('creates a public client from the redirect URIs typed one per line', async () => {
    stub.on('GET /api/auth/get-session', { body: { session, user } });
    stub.on('POST /api/auth/oauth2/create-client', {
      status: 201,
      body: { client_id: 'c1', client_name: 'Notes', token_endpoint_auth_method: 'none' },
    });
    const fields = { intent: 'create', name: 'Notes', redirectUris: ' https://notes.example/cb \n\nhttp://127.0.0.1:8080/cb\n', publicClient: 'on' };
    const result = (await run(developerAppsAction, post('/account/developer-apps', fields, 'tend.session_token=tok-1.sig'))) as DataResult;
    const created = stub.requests.find((r) => r.path === '/api/auth/oauth2/create-client');
    expect(created?.body).toEqual({ client_name: 'Notes', redirect_uris: ['https://notes.example/cb', 'http://127.0.0.1:8080/cb'], token_endpoint_auth_method: 'none' });
    expect(result.data.credentials).toEqual({ name: 'Notes', clientId: 'c1', secret: undefined, rotated: false });
  });

  it('asks for a redirect URI and refuses one that is not an address, without calling the gateway', async () => {
    stub.on('GET /api/auth/get-session', { body: { session, user } });
    const empty = (await run(developerAppsAction, post('/account/developer-apps', { intent: 'create', name: 'Notes', redirectUris: '' }, 'tend.session_token=tok-1.sig'))) as DataResult;
    expect(empty.data.errors?.fields.redirectUris).toMatch(/at least one redirect URI/);
    const wrong = (await run(developerAppsAction, post('/account/developer-apps', { intent: 'create', name: 'Notes', redirectUris: 'not an address' }, 'tend.session_token=tok-1.sig'))) as DataResult;
    expect(wrong.data.errors?.fields.redirectUris).toMatch(/one full address per line/);
    expect(stub.requests.filter((r) => r.path.includes('oauth2'))).toHaveLength(0);
  });
});
