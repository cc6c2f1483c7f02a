import { credentials, ORIGIN, signUp, startGateway, type TestGateway } from './harness/index.js';

describe('usernames', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('stores the username lowercased with the typed form as displayUsername, and signs in by it', async () => {
    const { body, user } = await signUp(gateway, { username: 'Calm.River_7' });
    expect(user).toMatchObject({ username: 'calm.river_7', displayUsername: 'Calm.River_7' });
    const res = await gateway.http.post('/api/auth/sign-in/username').send({ username: 'CALM.RIVER_7', password: body.password }).expect(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(Object.keys(res.body.user).sort()).toEqual(['createdAt', 'displayUsername', 'email', 'emailVerified', 'id', 'image', 'name', 'updatedAt', 'username']);
  });

  it.each([
    ['ab', 'USERNAME_IS_TOO_SHORT', 'username is too short'],
    ['a'.repeat(31), 'USERNAME_IS_TOO_LONG', 'username is too long'],
    ['no spaces!', 'USERNAME_IS_INVALID', 'username is invalid'],
  ])('answers 422 for the username %j on sign-up', async (username, code, message) => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ username })).expect(422);
    expect(res.body).toEqual({ code, message });
  });

  it('answers 422 USERNAME_IS_ALREADY_TAKEN for a taken username in any case, on sign-up and update', async () => {
    await signUp(gateway, { username: 'taken_name' });
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ username: 'Taken_Name' })).expect(422);
    expect(res.body).toEqual({ code: 'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER', message: 'username is already taken. please try another.' });
    const { cookie } = await signUp(gateway);
    const update = await gateway.http.post('/api/auth/update-user').set('Cookie', cookie).set('Origin', ORIGIN).send({ username: 'TAKEN_NAME' }).expect(422);
    expect(update.body.code).toBe('USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER');
  });

  it('changes the username through update-user', async () => {
    const { cookie } = await signUp(gateway, { username: 'old_name' });
    await gateway.http.post('/api/auth/update-user').set('Cookie', cookie).set('Origin', ORIGIN).send({ username: 'New.Name' }).expect(200);
    const res = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie);
    expect(res.body.user).toMatchObject({ username: 'new.name', displayUsername: 'New.Name' });
  });

  it('answers 401 INVALID_USERNAME_OR_PASSWORD for a wrong password or an unknown username', async () => {
    const { body } = await signUp(gateway, { username: 'known_one' });
    for (const attempt of [{ username: 'known_one', password: 'wrong password' }, { username: 'unknown_one', password: body.password }]) {
      const res = await gateway.http.post('/api/auth/sign-in/username').send(attempt).expect(401);
      expect(res.body).toEqual({ code: 'INVALID_USERNAME_OR_PASSWORD', message: 'invalid username or password' });
    }
  });

  it('POST /is-username-available tells whether a valid username is free', async () => {
    await signUp(gateway, { username: 'someone' });
    await gateway.http.post('/api/auth/is-username-available').send({ username: 'SomeOne' }).expect(200, { available: false });
    await gateway.http.post('/api/auth/is-username-available').send({ username: 'nobody_yet' }).expect(200, { available: true });
    const invalid = await gateway.http.post('/api/auth/is-username-available').send({ username: 'x' }).expect(422);
    expect(invalid.body.code).toBe('USERNAME_IS_TOO_SHORT');
  });

  it('answers 403 EMAIL_NOT_VERIFIED on username sign-in when verification is required', async () => {
    const strict = await startGateway({ requireEmailVerification: true });
    try {
      const body = credentials({ username: 'unverified_1' });
      await strict.http.post('/api/auth/sign-up/email').send(body).expect(200);
      const res = await strict.http.post('/api/auth/sign-in/username').send({ username: 'unverified_1', password: body.password }).expect(403);
      expect(res.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'email not verified' });
    } finally {
      await strict.close();
    }
  });
});
