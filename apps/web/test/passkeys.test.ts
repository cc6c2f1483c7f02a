// The passkey actions of the sign-in and Security pages, against a stub gateway on 127.0.0.1.
import type { ActionFunctionArgs } from '@remix-run/node';
import { action as securityAction } from '../app/routes/account.security';
import { action as signInAction } from '../app/routes/sign-in';
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

const user = { id: 'u1', email: 'ada@example.com', emailVerified: true, name: 'Ada', image: null, createdAt: '', updatedAt: '' };
const session = { id: 's1', token: 'tok-1', userId: 'u1', expiresAt: '', createdAt: '', updatedAt: '' };
const assertion = { id: 'AQ', rawId: 'AQ', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };

function post(path: string, fields: Record<string, string>, cookie = 'tend.session_token=tok-1.sig; tend.passkey_challenge=c.sig'): ActionFunctionArgs {
  const request = new Request(`http://localhost:3001${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie, origin: 'http://localhost:3001', 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { request, params: {}, context: { clientIp: '198.51.100.4' } };
}

async function run(fn: (args: ActionFunctionArgs) => Promise<unknown>, args: ActionFunctionArgs) {
  try {
    return await fn(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type DataResult = { data: { errors?: { fields: Record<string, string>; form?: string }; done?: string; detail?: string }; init: { status?: number } };

describe('Sign in with a passkey', () => {
  it('sends the browser’s answer with its challenge cookie and goes back where the person was', async () => {
    stub.on('POST /api/auth/passkey/verify-authentication', { body: { session, user }, headers: { 'set-cookie': 'tend.session_token=t.sig; Path=/; HttpOnly' } });
    const result = (await run(signInAction, post('/sign-in', { intent: 'passkey-sign-in', redirectTo: '/account/security', response: JSON.stringify(assertion) }, 'tend.passkey_challenge=c.sig'))) as Response;
    expect(stub.requests[0]?.body).toEqual({ response: assertion });
    expect(stub.requests[0]?.headers.cookie).toContain('tend.passkey_challenge=c.sig');
    expect(result.headers.get('location')).toBe('/account/security');
    expect(result.headers.get('set-cookie')).toContain('tend.session_token=t.sig');
  });

  it('continues at the second step when the passkey was one factor', async () => {
    stub.on('POST /api/auth/passkey/verify-authentication', { body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } });
    const result = (await run(signInAction, post('/sign-in', { intent: 'passkey-sign-in', redirectTo: '/account', response: JSON.stringify(assertion) }, ''))) as Response;
    expect(result.headers.get('location')).toBe('/sign-in/two-factor?callbackURL=%2Faccount');
  });

  it('explains that passkeys need JavaScript when no answer came, without calling the gateway', async () => {
    const result = (await run(signInAction, post('/sign-in', { intent: 'passkey-sign-in' }, ''))) as DataResult;
    expect(result.init.status).toBe(400);
    expect(result.data.errors?.form).toMatch(/needs JavaScript/);
    expect(stub.requests).toHaveLength(0);
  });

  it('says plainly why a passkey was refused', async () => {
    stub.on('POST /api/auth/passkey/verify-authentication', { status: 401, body: { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' } });
    const result = (await run(signInAction, post('/sign-in', { intent: 'passkey-sign-in', response: JSON.stringify(assertion) }, ''))) as DataResult;
    expect(result.init.status).toBe(401);
    expect(result.data.errors?.form).toMatch(/isn't linked to a Tend account/);
  });
});

describe('the Security page’s passkey forms', () => {
  beforeEach(() => stub.on('GET /api/auth/get-session', { body: { session, user } }));

  it('asks for a name, and explains that adding needs JavaScript when no answer came', async () => {
    const unnamed = (await run(securityAction, post('/account/security', { intent: 'passkey-add', passkeyName: ' ' }))) as DataResult;
    expect(unnamed.data.errors?.fields.passkeyName).toMatch(/Give the passkey a name/);
    const noScript = (await run(securityAction, post('/account/security', { intent: 'passkey-add', passkeyName: 'Laptop' }))) as DataResult;
    expect(noScript.data.errors?.form).toMatch(/needs JavaScript/);
    expect(stub.requests.filter((req) => req.path.includes('/passkey/'))).toHaveLength(0);
  });

  it('renames and deletes by id; a passkey gone meanwhile is said so', async () => {
    stub.on('POST /api/auth/passkey/update-passkey', { body: { passkey: { id: 'p1', name: 'Phone', userId: 'u1', credentialID: 'AQ', counter: 0, deviceType: 'singleDevice', backedUp: false, transports: [], createdAt: '' } } });
    const renamed = (await run(securityAction, post('/account/security', { intent: 'passkey-rename:p1', newName: ' Phone ' }))) as DataResult;
    expect(renamed.data).toMatchObject({ done: 'renamed', detail: 'Phone' });
    expect(stub.requests.find((req) => req.path.endsWith('/update-passkey'))?.body).toEqual({ id: 'p1', name: 'Phone' });

    stub.on('POST /api/auth/passkey/delete-passkey', { status: 404, body: { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' } });
    const gone = (await run(securityAction, post('/account/security', { intent: 'passkey-delete:p1', currentName: 'Phone' }))) as DataResult;
    expect(gone.init.status).toBe(404);
    expect(gone.data.errors?.form).toMatch(/no longer exists/);
  });
});
