// GET /admin/get-user?id (better-auth 1.7's admin route, issue 29): permission user get, which the
// admin role holds. 200 the user as list-users shows it (twoFactorEnabled included, no secret of
// the second factor); 404 USER_NOT_FOUND; 403 YOU_ARE_NOT_ALLOWED_TO_GET_USER; 401 signed out.
import { adminGet, get, signInAdmin, signUp, startGateway, turnOnTwoFactor, type TestGateway } from './harness/index.js';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

describe('GET /admin/get-user', () => {
  it('answers the user as list-users shows it, with twoFactorEnabled and no secret of the second factor', async () => {
    const admin = await signInAdmin(gateway);
    const { body, cookie, user } = await signUp(gateway);
    const enrolment = await turnOnTwoFactor(gateway, cookie, body.password);
    const res = await adminGet(gateway, 'get-user', admin.cookie, { id: user.id }).expect(200);
    const listed = (await adminGet(gateway, 'list-users', admin.cookie, { filterField: 'id', filterValue: user.id }).expect(200)).body.users[0];
    expect(res.body).toEqual(listed);
    expect(res.body).toMatchObject({ id: user.id, email: body.email, twoFactorEnabled: true });
    expect(res.text).not.toContain(new URL(enrolment.totpURI).searchParams.get('secret')!);
    for (const code of enrolment.backupCodes) expect(res.text).not.toContain(code);
    expect(Object.keys(res.body)).not.toEqual(expect.arrayContaining(['password', 'secret', 'backupCodes']));
  });

  it('answers 404 USER_NOT_FOUND for an unknown or empty id', async () => {
    const admin = await signInAdmin(gateway);
    for (const id of ['no-such-user', '']) {
      const res = await adminGet(gateway, 'get-user', admin.cookie, { id });
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { code: 'USER_NOT_FOUND', message: 'User not found' } });
    }
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_GET_USER without the permission, 401 signed out, 400 without an id', async () => {
    const member = await signUp(gateway);
    const denied = await adminGet(gateway, 'get-user', member.cookie, { id: member.user.id });
    expect({ status: denied.status, body: denied.body }).toEqual({ status: 403, body: { code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', message: 'You are not allowed to get user' } });
    expect((await get(gateway, '/admin/get-user', '', { id: member.user.id })).status).toBe(401);
    const missing = await adminGet(gateway, 'get-user', member.cookie);
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('is granted by the admin role as data: has-permission answers user get', async () => {
    const admin = await signInAdmin(gateway);
    const member = await signUp(gateway);
    const ask = (cookie: string) => gateway.http.post('/api/auth/admin/has-permission').set('Origin', 'http://localhost:3000').set('Cookie', cookie).send({ permissions: { user: ['get'] } });
    expect((await ask(admin.cookie).expect(200)).body).toEqual({ error: null, success: true });
    expect((await ask(member.cookie).expect(200)).body).toEqual({ error: null, success: false });
  });
});
