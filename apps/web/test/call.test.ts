// call(): a gateway route by its contract, against a stub gateway on 127.0.0.1.
import { devRoutes, routes } from '@tend/contracts';
import { call, callShared, request } from '../app/lib/call.server';
import { GatewayClient } from '../app/lib/gateway.server';
import { startStubGateway, type StubGateway } from './stub-gateway';

let stub: StubGateway;

beforeAll(async () => {
  stub = await startStubGateway();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  stub.routes.clear();
});

const client = () => new GatewayClient(new Request('http://localhost:3001/account'), { baseUrl: stub.url });

describe('call', () => {
  it('posts the input as the JSON body of a route with a body, under the auth base path', async () => {
    stub.on('POST /api/auth/change-password', { body: { token: null, user: { id: 'u1' } } });
    const result = await call(client(), routes.changePassword, { currentPassword: 'old words', newPassword: 'new words' });
    expect(stub.requests[0]).toMatchObject({ method: 'POST', path: '/api/auth/change-password', body: { currentPassword: 'old words', newPassword: 'new words' } });
    expect(result.ok && result.data.token).toBeNull();
  });

  it('sends the input of a GET as its query string, leaving out absent and empty values', async () => {
    stub.on('GET /api/auth/admin/list-users', { body: { users: [], total: 0 } });
    await call(client(), routes.listUsers, { searchValue: '', limit: 20, offset: 0, sortBy: undefined });
    expect(stub.requests[0]?.path).toBe('/api/auth/admin/list-users?limit=20&offset=0');
  });

  it('fills :name segments from the input, URL-encoded, and sends the rest as the query', () => {
    expect(request(routes.resetPasswordLink, { token: 'a/b c', callbackURL: '/reset' })).toEqual({
      path: '/api/auth/reset-password/a%2Fb%20c?callbackURL=%2Freset',
      body: undefined,
    });
  });

  it('posts an empty JSON object to a route without a body', async () => {
    stub.on('POST /api/auth/sign-out', { body: { success: true } });
    await call(client(), routes.signOut);
    expect(stub.requests[0]).toMatchObject({ path: '/api/auth/sign-out', body: {} });
  });

  it("uses a contract's own base path (the development outbox)", async () => {
    stub.on('GET /api/dev/outbox', { body: { mails: [] } });
    const result = await call(client(), devRoutes.outbox);
    expect(stub.requests[0]?.path).toBe('/api/dev/outbox');
    expect(result.ok && result.data.mails).toEqual([]);
  });

  it('asks once for a shared read of one page request', async () => {
    stub.on('GET /api/auth/get-session', { body: null });
    const api = client();
    await Promise.all([callShared(api, routes.getSession), callShared(api, routes.getSession)]);
    expect(stub.requests).toHaveLength(1);
  });
});
