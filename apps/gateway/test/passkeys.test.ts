// Passkeys, issue 22: registration (options bound to the browser, verification against the
// challenge, origin and rp id) and the management routes, through a software authenticator.
import { PASSKEY_ERRORS, type RegistrationResponseJSON } from '@tend/passkeys';
import { PASSKEYS } from '../src/modules/passkeys/tokens.js';
import { PLATFORM } from '../src/platform.js';
import {
  CHALLENGE_COOKIE,
  type Client,
  CookieJar,
  PASSKEY_RP_ID,
  addPasskey,
  authenticator,
  auditLog,
  expectError,
  get,
  newUser,
  post,
  registerOptions,
  setCookieNamed,
  signInAdmin,
  startGateway,
  type TestGateway,
} from './harness/index.js';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

const stored = (userId: string) => gateway.container.get(PASSKEYS.Repository).listByUser(userId);

describe('GET /passkey/generate-register-options', () => {
  it('answers 401 without a session', async () => {
    const res = await gateway.http.get('/api/auth/passkey/generate-register-options');
    expect(res.status).toBe(401);
  });

  it('answers creation options: a new challenge each call in an HttpOnly cookie, the rp, the email, ES256 and RS256, attestation none', async () => {
    const ada = await newUser(gateway, 'Ada');
    const first = await registerOptions(gateway, ada);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rp: { id: PASSKEY_RP_ID, name: 'Tend' }, user: { name: ada.user.email, displayName: 'Ada' }, attestation: 'none', excludeCredentials: [] });
    expect(first.body.pubKeyCredParams.map((param: { alg: number }) => param.alg)).toEqual([-7, -257]);
    expect(first.body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = setCookieNamed(first, CHALLENGE_COOKIE)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=300/i);
    expect(cookie).not.toContain(first.body.challenge);
    const second = await registerOptions(gateway, ada);
    expect(second.body.challenge).not.toBe(first.body.challenge);
  });

  it("excludes the user's passkeys", async () => {
    const ada = await newUser(gateway, 'Ada');
    const device = authenticator();
    await addPasskey(gateway, ada, device).then((res) => expect(res.status).toBe(200));
    const res = await registerOptions(gateway, ada);
    expect(res.body.excludeCredentials).toEqual([{ id: device.id, type: 'public-key', transports: ['internal'] }]);
  });
});

describe('POST /passkey/verify-registration', () => {
  it('stores the passkey, answers it without its public key, mails the user and audits it', async () => {
    const ada = await newUser(gateway, 'Ada');
    const device = authenticator();
    const res = await addPasskey(gateway, ada, device, { name: 'Laptop' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Laptop',
      userId: ada.user.id,
      credentialID: device.id,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: ['internal'],
      createdAt: expect.any(String),
    });
    expect(setCookieNamed(res, CHALLENGE_COOKIE)).toMatch(/Max-Age=0/i);
    expect((await stored(ada.user.id)).map((passkey) => passkey.credentialID)).toEqual([device.id]);

    await gateway.container.get(PLATFORM.MailDelivery).idle();
    const mail = gateway.container.get(PLATFORM.DevOutbox)!.latest(ada.user.email);
    expect(mail).toMatchObject({ purpose: 'passkey-added', subject: 'A passkey was added to your Tend account' });
    expect(mail?.text).toContain('“Laptop”');

    const admin = await signInAdmin(gateway);
    const [event] = (await auditLog(gateway, admin.cookie, { userId: ada.user.id, action: 'passkey.added' })).events;
    expect(event).toMatchObject({ actorId: ada.user.id, detail: { id: res.body.id } });
  });

  it('accepts an answer without clientExtensionResults (clients that leave it out)', async () => {
    const ada = await newUser(gateway, 'Ada');
    const options = (await registerOptions(gateway, ada)).body;
    const { clientExtensionResults: _dropped, ...response } = authenticator().register(options);
    expect((await ada.post('/passkey/verify-registration', { response })).status).toBe(200);
  });

  it('answers 400 CHALLENGE_NOT_FOUND without the options call, nothing stored', async () => {
    const ada = await newUser(gateway, 'Ada');
    const response = authenticator().register({ challenge: 'c2VsZi1tYWRl', rp: { id: PASSKEY_RP_ID } });
    const res = await ada.post('/passkey/verify-registration', { response });
    expectError(res, PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
    expect(await stored(ada.user.id)).toEqual([]);
  });

  it('answers 400 CHALLENGE_NOT_FOUND to a replay of a registration', async () => {
    const ada = await newUser(gateway, 'Ada');
    const first = await addPasskey(gateway, ada, authenticator());
    expect(first.status).toBe(200);
    const again = await ada.post('/passkey/verify-registration', { response: first.response });
    expectError(again, PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
  });

  it("answers 400 CHALLENGE_NOT_FOUND from another browser, and to another user's challenge", async () => {
    const ada = await newUser(gateway, 'Ada');
    const options = (await registerOptions(gateway, ada)).body;
    const response = authenticator().register(options);
    // Ada's session in another browser, without the challenge cookie.
    const elsewhere = new CookieJar(ada.jar.only(['tend.session_token']).header);
    expectError(await post(gateway, '/passkey/verify-registration', elsewhere, { response }), PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);

    const bob = await newUser(gateway, 'Bob');
    const bobOptions = (await registerOptions(gateway, bob)).body;
    const withBobsChallenge = new CookieJar(`${ada.jar.only(['tend.session_token']).header}; ${bob.jar.only([CHALLENGE_COOKIE]).header}`);
    expectError(await post(gateway, '/passkey/verify-registration', withBobsChallenge, { response: authenticator().register(bobOptions) }), PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
    expect(await stored(ada.user.id)).toEqual([]);
    expect(await stored(bob.user.id)).toEqual([]);
  });

  it.each([
    ['a wrong challenge', { challenge: 'd3JvbmctY2hhbGxlbmdl' }],
    ['a wrong origin', { origin: 'https://evil.example' }],
    ['a wrong rp id', { rpID: 'evil.example' }],
    ['the wrong ceremony type', { type: 'webauthn.get' }],
  ])('answers 400 FAILED_TO_VERIFY_REGISTRATION to %s, nothing stored, and the challenge is spent', async (_case, overrides) => {
    const ada = await newUser(gateway, 'Ada');
    const device = authenticator();
    const res = await addPasskey(gateway, ada, device, {}, overrides);
    expectError(res, PASSKEY_ERRORS.FAILED_TO_VERIFY_REGISTRATION);
    expect(await stored(ada.user.id)).toEqual([]);
  });

  it('answers 400 FAILED_TO_VERIFY_REGISTRATION to malformed attestations, never a 5xx', async () => {
    const ada = await newUser(gateway, 'Ada');
    const device = authenticator();
    const garbage = [
      (r: RegistrationResponseJSON) => ({ ...r, response: { ...r.response, attestationObject: 'AAAA' } }),
      (r: RegistrationResponseJSON) => ({ ...r, response: { ...r.response, clientDataJSON: 'bm90IGpzb24' } }),
      (r: RegistrationResponseJSON) => ({ ...r, response: { ...r.response, attestationObject: '' } }),
      (r: RegistrationResponseJSON) => ({ ...r, id: 'AAAA', rawId: 'AAAA' }),
    ];
    for (const spoil of garbage) {
      const options = (await registerOptions(gateway, ada)).body;
      const res = await ada.post('/passkey/verify-registration', { response: spoil(device.register(options)) });
      expectError(res, PASSKEY_ERRORS.FAILED_TO_VERIFY_REGISTRATION);
    }
    expect(await stored(ada.user.id)).toEqual([]);
  });

  it('refuses a credential registered already (by anyone), storing nothing more', async () => {
    const ada = await newUser(gateway, 'Ada');
    const bob = await newUser(gateway, 'Bob');
    const device = authenticator();
    expect((await addPasskey(gateway, ada, device)).status).toBe(200);
    expectError(await addPasskey(gateway, bob, device), PASSKEY_ERRORS.FAILED_TO_VERIFY_REGISTRATION);
    expect(await stored(bob.user.id)).toEqual([]);
  });

  it('answers 400 VALIDATION_ERROR for a response that is not a WebAuthn answer, and 401 without a session', async () => {
    const ada = await newUser(gateway, 'Ada');
    await registerOptions(gateway, ada);
    expect((await ada.post('/passkey/verify-registration', { response: { id: 'x' } })).status).toBe(400);
    expect((await ada.post('/passkey/verify-registration', { response: { id: 'not base64!', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} } })).body.code).toBe('VALIDATION_ERROR');
    expect((await post(gateway, '/passkey/verify-registration', '', { response: authenticator().register({ challenge: 'x' }) })).status).toBe(401);
  });
});

describe('the passkey list, rename and delete', () => {
  async function withPasskeys(names: string[]) {
    const client = await newUser(gateway, 'Ada');
    const ids: string[] = [];
    for (const name of names) {
      ids.push((await addPasskey(gateway, client, authenticator(), { name })).body.id);
      gateway.clock.advance(1000);
    }
    return { client, ids };
  }

  it("lists the caller's passkeys, oldest first, and no one else's", async () => {
    const { client, ids } = await withPasskeys(['Laptop', 'Phone']);
    await withPasskeys(['Other']);
    const res = await client.get('/passkey/list-user-passkeys');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: string; name: string }) => [p.id, p.name])).toEqual([
      [ids[0], 'Laptop'],
      [ids[1], 'Phone'],
    ]);
    expect(res.body[0]).toEqual(expect.objectContaining({ credentialID: expect.any(String), createdAt: expect.any(String), counter: 0 }));
    expect(res.body[0]).not.toHaveProperty('publicKey');
  });

  it('renames a passkey: {passkey}, audited; an empty name is 400', async () => {
    const { client, ids } = await withPasskeys(['Laptop']);
    const res = await client.post('/passkey/update-passkey', { id: ids[0], name: '  Work laptop ' });
    expect(res.status).toBe(200);
    expect(res.body.passkey).toMatchObject({ id: ids[0], name: 'Work laptop' });
    expect((await client.post('/passkey/update-passkey', { id: ids[0], name: '' })).status).toBe(400);
    expect((await client.post('/passkey/update-passkey', { id: ids[0], name: '   ' })).status).toBe(400);
    expect((await client.post('/passkey/update-passkey', { id: ids[0] })).status).toBe(400);
    const admin = await signInAdmin(gateway);
    expect((await auditLog(gateway, admin.cookie, { userId: client.user.id, action: 'passkey.renamed' })).events).toHaveLength(1);
  });

  it('deletes a passkey: {status: true}, audited, then 404', async () => {
    const { client, ids } = await withPasskeys(['Laptop', 'Phone']);
    const res = await client.post('/passkey/delete-passkey', { id: ids[0] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });
    expect((await stored(client.user.id)).map((p) => p.id)).toEqual([ids[1]]);
    expectError(await client.post('/passkey/delete-passkey', { id: ids[0] }), PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    const admin = await signInAdmin(gateway);
    const events = (await auditLog(gateway, admin.cookie, { userId: client.user.id, action: 'passkey.removed' })).events;
    expect(events.map((event) => event.detail)).toEqual([{ id: ids[0] }]);
  });

  it("answers 404 PASSKEY_NOT_FOUND for someone else's passkey or an unknown id, and nothing changes", async () => {
    const owner = await withPasskeys(['Laptop']);
    const other: Client = await newUser(gateway, 'Mallory');
    expectError(await other.post('/passkey/update-passkey', { id: owner.ids[0], name: 'Mine' }), PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    expectError(await other.post('/passkey/delete-passkey', { id: owner.ids[0] }), PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    expectError(await other.post('/passkey/update-passkey', { id: 'no-such-passkey', name: 'x' }), PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    expectError(await other.post('/passkey/delete-passkey', { id: 'no-such-passkey' }), PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    expect((await stored(owner.client.user.id)).map((p) => [p.id, p.name])).toEqual([[owner.ids[0], 'Laptop']]);
  });

  it('answers 401 without a session', async () => {
    expect((await get(gateway, '/passkey/list-user-passkeys', '')).status).toBe(401);
    expect((await post(gateway, '/passkey/update-passkey', '', { id: 'x', name: 'y' })).status).toBe(401);
    expect((await post(gateway, '/passkey/delete-passkey', '', { id: 'x' })).status).toBe(401);
  });
});
