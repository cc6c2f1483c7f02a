// A session ended on instance A is refused by instance B at once, cookie cache or not: sign-out,
// revoke, ban, password change and user removal (the cookie cache is on in every test here).
import { TOKENS } from '../src/tokens.js';
import { adminPost, cookiesOf, getSession, type Instances, pollsUntilSignedOut, post, signInAdmin, signUp, startInstances } from './harness/index.js';

const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Unauthorized' };

describe.each(['database', 'redis'] as const)('revocation across two instances, session storage %s', (storage) => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ storage });
  });
  afterAll(() => instances.close());

  const signIn = async (on: 'a' | 'b', email: string, password: string) =>
    cookiesOf(await instances[on].http.post('/api/auth/sign-in/email').send({ email, password }).expect(200));

  it('answers a session signed in on A from its cached cookie on B', async () => {
    const { a, b } = instances;
    const { cookie, token } = await signUp(a);
    expect(cookie).toMatch(/tend\.session_data=/);
    expect((await getSession(b, cookie)).body.session.token).toBe(token);
    // The row goes behind every instance's back (no revocation recorded): only the cookie answers.
    await a.container.get(TOKENS.Database).session.delete({ where: { token } });
    expect((await getSession(b, cookie)).body.session.token).toBe(token);
  });

  it('signs out on A, and B answers null at the first poll (within 100 ms, polling every 10 ms)', async () => {
    const { a, b } = instances;
    const { cookie } = await signUp(a);
    expect((await getSession(b, cookie)).body).not.toBeNull();
    await post(a, '/sign-out', cookie).expect(200, { success: true });
    expect(await pollsUntilSignedOut(b, cookie)).toBe(1);
    expect(await pollsUntilSignedOut(a, cookie)).toBe(1);
  });

  it("revokes another device's session on A (revoke-session), and B refuses that device's cookie", async () => {
    const { a, b } = instances;
    const { body, cookie } = await signUp(a);
    const phone = await signIn('b', body.email, body.password);
    const phoneToken = (await getSession(b, phone)).body.session.token as string;
    await post(a, '/revoke-session', cookie, { token: phoneToken }).expect(200, { status: true });
    expect((await getSession(b, phone)).body).toBeNull();
    expect((await getSession(b, cookie)).body).not.toBeNull();
  });

  it('revokes every session on A (revoke-sessions), and B refuses them all', async () => {
    const { a, b } = instances;
    const { body, cookie } = await signUp(a);
    const phone = await signIn('b', body.email, body.password);
    await post(a, '/revoke-sessions', cookie).expect(200, { status: true });
    expect((await getSession(b, phone)).body).toBeNull();
    expect((await getSession(b, cookie)).body).toBeNull();
  });

  it('bans a user on A (admin), and B refuses their cookie', async () => {
    const { a, b } = instances;
    const admin = await signInAdmin(a);
    const victim = await signUp(a);
    expect((await getSession(b, victim.cookie)).body).not.toBeNull();
    await adminPost(a, 'ban-user', admin.cookie, { userId: victim.user.id }).expect(200);
    expect((await getSession(b, victim.cookie)).body).toBeNull();
    expect((await getSession(b, admin.cookie)).body).not.toBeNull();
  });

  it("revokes one user's session on A (admin revoke-user-session), and B refuses it", async () => {
    const { a, b } = instances;
    const admin = await signInAdmin(a);
    const victim = await signUp(a);
    await adminPost(a, 'revoke-user-session', admin.cookie, { sessionToken: victim.token }).expect(200);
    expect((await getSession(b, victim.cookie)).body).toBeNull();
  });

  it('changes the password on A with revokeOtherSessions: B refuses every old cookie and answers the new one', async () => {
    const { a, b } = instances;
    const { body, cookie } = await signUp(a);
    const laptop = await signIn('b', body.email, body.password);
    expect((await getSession(b, laptop)).body).not.toBeNull();
    const res = await post(a, '/change-password', cookie, { currentPassword: body.password, newPassword: 'my next password', revokeOtherSessions: true }).expect(200);
    expect((await getSession(b, laptop)).body).toBeNull();
    expect((await getSession(b, cookie)).body).toBeNull();
    expect((await getSession(b, cookiesOf(res))).body.session.token).toBe(res.body.token);
  });

  it('removes a user on A (admin remove-user), and B refuses their cookie', async () => {
    const { a, b } = instances;
    const admin = await signInAdmin(a);
    const victim = await signUp(a);
    expect((await getSession(b, victim.cookie)).body).not.toBeNull();
    await adminPost(a, 'remove-user', admin.cookie, { userId: victim.user.id }).expect(200);
    expect((await getSession(b, victim.cookie)).body).toBeNull();
  });

  it('deletes the account on A (delete-user with the password), and B refuses its cookie', async () => {
    const { a, b } = instances;
    const { body, cookie } = await signUp(a);
    const laptop = await signIn('b', body.email, body.password);
    await post(a, '/delete-user', cookie, { password: body.password }).expect(200);
    expect((await getSession(b, laptop)).body).toBeNull();
    expect((await getSession(b, cookie)).body).toBeNull();
  });

  it('answers 401 to update-user with a revoked session on both instances, though its cookie is cached', async () => {
    const { a, b } = instances;
    const { cookie } = await signUp(a);
    await post(a, '/sign-out', cookie).expect(200);
    for (const instance of [a, b]) expect((await post(instance, '/update-user', cookie, { name: 'Still here?' }).expect(401)).body).toEqual(UNAUTHORIZED);
  });

  it('guards a write from the store, never from the cookie alone: a row deleted behind its back refuses update-user while get-session still answers from the cookie', async () => {
    const { a, b } = instances;
    const { cookie, token } = await signUp(a);
    await a.container.get(TOKENS.Database).session.delete({ where: { token } });
    expect((await getSession(b, cookie)).body.session.token).toBe(token);
    for (const instance of [a, b]) expect((await post(instance, '/update-user', cookie, { name: 'Ghost' }).expect(401)).body).toEqual(UNAUTHORIZED);
  });
});
