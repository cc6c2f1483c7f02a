import { createMemoryTables } from '@tend/kernel';
import { newUser } from '@tend/identity';
import { MemoryVerificationRepository } from '@tend/identity';
import { signInFixture } from '@tend/identity/testing';
import { MemoryPasskeyRepository } from './adapters/memory/memory-passkey-repository.js';
import { createPasskeys } from './create-passkeys.js';
import type { Passkey } from './passkey.js';
import { passkeySettings } from './settings.js';
import { SoftwareAuthenticator } from './testing/software-authenticator.js';

const settings = passkeySettings({ rpID: 'tend.test', origin: 'https://tend.test' });

async function setup() {
  const tables = createMemoryTables();
  const fixture = signInFixture({ tables });
  const user = await fixture.users.create(newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada' }, fixture.clock.now()));
  const added: Passkey[] = [];
  const passkeys = new MemoryPasskeyRepository(tables);
  const useCases = createPasskeys({
    passkeys,
    users: fixture.users,
    verifications: new MemoryVerificationRepository(tables),
    completion: fixture.completion,
    notices: { added: (_user, passkey) => void added.push(passkey) },
    clock: fixture.clock,
    settings,
  });
  const authenticator = new SoftwareAuthenticator({ origin: settings.origin, rpID: settings.rpID });
  const register = async (device = authenticator) => {
    const { options, token } = await useCases.generateRegistrationOptions.execute({ user });
    return useCases.verifyRegistration.execute({ user, token, response: device.register(options), name: 'Laptop' });
  };
  return { ...fixture, user, useCases, passkeys, added, authenticator, register };
}

describe('passkeys', () => {
  it('offers ES256 and RS256, attestation none, the email as user name, and excludes the user’s passkeys', async () => {
    const { useCases, user, register } = await setup();
    const first = await useCases.generateRegistrationOptions.execute({ user });
    expect(first.options).toMatchObject({ rp: { id: 'tend.test', name: 'Tend' }, user: { name: 'ada@example.com' }, attestation: 'none', excludeCredentials: [] });
    expect(first.options.pubKeyCredParams.map((param) => param.alg)).toEqual([-7, -257]);
    const passkey = await register();
    const second = await useCases.generateRegistrationOptions.execute({ user });
    expect(second.options.challenge).not.toBe(first.options.challenge);
    expect(second.options.excludeCredentials).toEqual([{ id: passkey.credentialID, type: 'public-key', transports: ['internal'] }]);
  });

  it('registers, mails the user, and signs in with two factors when the authenticator verified the person', async () => {
    const { useCases, authenticator, register, added } = await setup();
    const passkey = await register();
    expect(passkey).toMatchObject({ name: 'Laptop', credentialID: authenticator.id, counter: 0, userId: 'u1' });
    expect(added.map((p) => p.id)).toEqual([passkey.id]);
    const { options, token } = await useCases.generateAuthenticationOptions.execute();
    const outcome = await useCases.verifyAuthentication.execute({ token, response: authenticator.authenticate(options), client: { ipAddress: null, userAgent: null, marks: {} } });
    expect(outcome.kind).toBe('session');
    expect(outcome.proof).toMatchObject({ method: 'passkey', factors: ['passkey', 'user-verification'] });
  });

  it('names a sign-in without user verification one factor', async () => {
    const fixture = await setup();
    const device = new SoftwareAuthenticator({ origin: settings.origin, rpID: settings.rpID, userVerified: false });
    await fixture.register(device);
    const { options, token } = await fixture.useCases.generateAuthenticationOptions.execute();
    const outcome = await fixture.useCases.verifyAuthentication.execute({ token, response: device.authenticate(options), client: { ipAddress: null, userAgent: null, marks: {} } });
    expect(outcome.proof.factors).toEqual(['passkey']);
  });

  it('spends a challenge once and refuses a wrong one, storing nothing', async () => {
    const { useCases, user, authenticator, passkeys } = await setup();
    const { options, token } = await useCases.generateRegistrationOptions.execute({ user });
    await expect(useCases.verifyRegistration.execute({ user, token, response: authenticator.register(options, { challenge: 'AAAA' }) })).rejects.toMatchObject({ code: 'FAILED_TO_VERIFY_REGISTRATION' });
    await expect(useCases.verifyRegistration.execute({ user, token, response: authenticator.register(options) })).rejects.toMatchObject({ code: 'CHALLENGE_NOT_FOUND' });
    expect(await passkeys.listByUser(user.id)).toEqual([]);
  });
});
