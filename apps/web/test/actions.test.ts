// Actions and loaders that hold logic of their own, run against a stub gateway on 127.0.0.1.
import type { ActionFunctionArgs } from '@remix-run/node';
import { action as deleteAction } from '../app/routes/account.delete';
import { action as sessionsAction } from '../app/routes/account.sessions';
import { action as resetAction } from '../app/routes/reset-password';
import { action as signInAction } from '../app/routes/sign-in';
import { action as signOutAction } from '../app/routes/sign-out';
import { action as signUpAction } from '../app/routes/sign-up';
import { startStubGateway, type StubGateway } from './stub-gateway';

let stub: StubGateway;
// The stub's URL is set before the first call reads the settings (once per test file).
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

const user = { id: 'u1', email: 'ada@example.com', emailVerified: true, name: 'Ada', createdAt: '', updatedAt: '' };
const session = { id: 's1', token: 'tok-1', userId: 'u1', expiresAt: '', createdAt: '', updatedAt: '' };

function post(path: string, fields: Record<string, string>, cookie = 'tend.session_token=tok-1.sig'): ActionFunctionArgs {
  const body = new URLSearchParams(fields);
  const request = new Request(`http://localhost:3001${path}`, {
    method: 'POST',
    body,
    headers: { cookie, origin: 'http://localhost:3001', 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { request, params: {}, context: { clientIp: '198.51.100.4' } };
}

/** What an action returned or threw: a Response (redirect) or Remix's `data()` value. */
async function run(fn: (args: ActionFunctionArgs) => Promise<unknown>, args: ActionFunctionArgs) {
  try {
    return await fn(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type DataResult = { data: { errors?: { fields: Record<string, string>; form?: string }; done?: string }; init: { status?: number; headers?: Headers } };

describe('sign-up action', () => {
  it('asks for missing fields without calling the gateway', async () => {
    const result = (await run(signUpAction, post('/sign-up', { name: '', email: '', password: '' }, ''))) as DataResult;
    expect(result.init.status).toBe(400);
    expect(Object.keys(result.data.errors?.fields ?? {})).toHaveLength(3);
    expect(stub.requests).toHaveLength(0);
  });

  it('shows a taken email next to the email field', async () => {
    stub.on('POST /api/auth/sign-up/email', { status: 422, body: { code: 'USER_ALREADY_EXISTS', message: 'User already exists' } });
    const result = (await run(signUpAction, post('/sign-up', { name: 'Ada', email: 'ada@example.com', password: 'long enough' }, ''))) as DataResult;
    expect(result.init.status).toBe(422);
    expect(result.data.errors?.fields.email).toMatch(/already exists/);
  });

  it('sends a verification callback on the web origin, and passes the session cookie back', async () => {
    stub.on('POST /api/auth/sign-up/email', { body: { token: 't', user }, headers: { 'set-cookie': 'tend.session_token=t.sig; Path=/; HttpOnly' } });
    const result = (await run(signUpAction, post('/sign-up', { name: 'Ada', email: 'ada@example.com', password: 'long enough', username: '' }, ''))) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/verify-email?email=ada%40example.com&welcome=1');
    expect(result.headers.getSetCookie()).toEqual(['tend.session_token=t.sig; Path=/; HttpOnly']);
    expect(stub.requests[0]?.body).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'long enough', callbackURL: 'http://localhost:3001/verify-email/result' });
  });
});

describe('sign-in action', () => {
  it('signs in by username when no @ is typed, and goes back where the person was', async () => {
    stub.on('POST /api/auth/sign-in/username', { body: { token: 't', user } });
    const result = (await run(signInAction, post('/sign-in', { identifier: 'ada_l', password: 'pw', redirectTo: '/account/sessions' }, ''))) as Response;
    expect(stub.requests[0]?.body).toEqual({ username: 'ada_l', password: 'pw', rememberMe: false });
    expect(result.headers.get('location')).toBe('/account/sessions');
  });

  it('never redirects to another site after signing in', async () => {
    stub.on('POST /api/auth/sign-in/email', { body: { token: 't', user } });
    const result = (await run(signInAction, post('/sign-in', { identifier: 'ada@example.com', password: 'pw', redirectTo: '//evil.example' }, ''))) as Response;
    expect(result.headers.get('location')).toBe('/account');
  });

  it('shows a wrong password at the form', async () => {
    stub.on('POST /api/auth/sign-in/email', { status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    const result = (await run(signInAction, post('/sign-in', { identifier: 'ada@example.com', password: 'nope' }, ''))) as DataResult;
    expect(result.init.status).toBe(401);
    expect(result.data.errors?.form).toMatch(/don't match/);
  });
});

describe('sign-out action', () => {
  it('expires the session cookie even when the gateway cannot be reached', async () => {
    stub.on('POST /api/auth/sign-out', { drop: true });
    const result = (await run(signOutAction, post('/sign-out', {}))) as Response;
    expect(result.headers.get('location')).toBe('/?notice=signed-out');
    expect(result.headers.getSetCookie()).toEqual(['tend.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax']);
  });
});

describe('sessions action', () => {
  it('revokes a session by the id on the page, with the token it looks up itself', async () => {
    const other = { ...session, id: 's2', token: 'tok-2', userAgent: 'Mozilla/5.0 (iPhone) Version/17.0 Safari/605.1' };
    stub.on('GET /api/auth/get-session', { body: { session, user } });
    stub.on('GET /api/auth/list-sessions', { body: [session, other] });
    stub.on('POST /api/auth/revoke-session', { body: { status: true } });
    const result = (await run(sessionsAction, post('/account/sessions', { intent: 'revoke:s2', sessionId: 's2' }))) as DataResult;
    expect(result.data.done).toBe('revoked');
    expect(stub.requests.find((r) => r.path === '/api/auth/revoke-session')?.body).toEqual({ token: 'tok-2' });
  });

  it('does not end this device from the list: that is signing out', async () => {
    stub.on('GET /api/auth/get-session', { body: { session, user } });
    const result = (await run(sessionsAction, post('/account/sessions', { intent: 'revoke:s1', sessionId: 's1' }))) as DataResult;
    expect(result.data.errors?.form).toMatch(/sign out/);
    expect(stub.requests.some((r) => r.path === '/api/auth/revoke-session')).toBe(false);
  });

  it('sends a signed-out visitor to sign in first', async () => {
    stub.on('GET /api/auth/get-session', { body: null });
    const result = (await run(sessionsAction, post('/account/sessions', { intent: 'revoke-others' }, ''))) as Response;
    expect(result.headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount%2Fsessions');
  });
});

describe('reset-password action', () => {
  it('signs in with the new password when this browser asked for the link', async () => {
    stub.on('POST /api/auth/reset-password', { body: { status: true } });
    stub.on('POST /api/auth/sign-in/email', { body: { token: 'n', user }, headers: { 'set-cookie': 'tend.session_token=n.sig; Path=/; HttpOnly' } });
    const cookie = `tend-web.reset-email=${encodeURIComponent(Buffer.from(JSON.stringify('ada@example.com')).toString('base64'))}`;
    const args = post('/reset-password', { token: 'rt', newPassword: 'a new phrase', confirmPassword: 'a new phrase' }, cookie);
    const result = (await run(resetAction, args)) as Response;
    expect(result.headers.get('location')).toBe('/account?notice=password-reset');
    expect(stub.requests.map((r) => r.body)).toEqual([
      { newPassword: 'a new phrase', token: 'rt' },
      { email: 'ada@example.com', password: 'a new phrase', rememberMe: true },
    ]);
    expect(result.headers.getSetCookie()).toEqual(expect.arrayContaining(['tend.session_token=n.sig; Path=/; HttpOnly']));
  });

  it('sends the person to sign in when the link was opened elsewhere', async () => {
    stub.on('POST /api/auth/reset-password', { body: { status: true } });
    const result = (await run(resetAction, post('/reset-password', { token: 'rt', newPassword: 'a new phrase', confirmPassword: 'a new phrase' }, ''))) as Response;
    expect(result.headers.get('location')).toBe('/sign-in?notice=password-reset');
  });

  it('offers a new link when the token is no longer valid', async () => {
    stub.on('POST /api/auth/reset-password', { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid token' } });
    const result = (await run(resetAction, post('/reset-password', { token: 'old', newPassword: 'a new phrase', confirmPassword: 'a new phrase' }, ''))) as DataResult;
    expect(result.data.errors?.form).toMatch(/no longer valid/);
  });
});

describe('delete action', () => {
  it('signs the browser out after deleting with the password', async () => {
    stub.on('GET /api/auth/get-session', { body: { session, user } });
    stub.on('POST /api/auth/delete-user', { body: { success: true, message: 'User deleted' } });
    const result = (await run(deleteAction, post('/account/delete', { intent: 'delete-with-password', password: 'pw', confirm: 'on' }))) as Response;
    expect(result.headers.get('location')).toBe('/goodbye');
    expect(result.headers.getSetCookie()).toContain('tend.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    expect(stub.requests.at(-1)?.body).toEqual({ password: 'pw', callbackURL: 'http://localhost:3001/goodbye' });
  });

  it('puts a wrong password next to the password field', async () => {
    stub.on('GET /api/auth/get-session', { body: { session, user } });
    stub.on('POST /api/auth/delete-user', { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } });
    const result = (await run(deleteAction, post('/account/delete', { intent: 'delete-with-password', password: 'no', confirm: 'on' }))) as DataResult;
    expect(result.data.errors?.fields.password).toMatch(/isn't right/);
  });
});
