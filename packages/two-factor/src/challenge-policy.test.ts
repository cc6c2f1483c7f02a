import { clientOf, factorTable, type Factor } from '@tend/identity';
import { TwoFactorPolicy } from './challenge-policy.js';
import { twoFactorFixture } from './testing/fixture.js';

async function enrolled() {
  const fixture = twoFactorFixture();
  fixture.addUser();
  await fixture.enrol();
  const demand = (factors: string[], policy = fixture.policy) => policy.demand({ user: fixture.current(), method: 'test', factors: factors as Factor[], client: clientOf({}) });
  return { ...fixture, demand };
}

describe('TwoFactorPolicy: factors counted by independent channel, not by name', () => {
  it.each([
    ['a password', ['password'], ['totp', 'otp', 'backup-code']],
    ['a mailed link or code (the mailbox): no mailed code offered', ['email'], ['totp', 'backup-code']],
    ['an identity provider (not the mailbox)', ['provider'], ['totp', 'otp', 'backup-code']],
    ["an organization's SSO (not the mailbox)", ['sso'], ['totp', 'otp', 'backup-code']],
    ['a passkey without user verification', ['passkey'], ['totp', 'otp', 'backup-code']],
    ['an existing session alone', ['session'], ['totp', 'otp', 'backup-code']],
  ])('after %s it asks, offering only the other channels', async (_, factors, methods) => {
    const { demand } = await enrolled();
    expect(await demand(factors)).toEqual({ policy: 'two-factor', methods });
  });

  it.each([
    ['a mailed link and a mailed code: one mailbox', ['email', 'otp']],
    ['a factor named twice', ['password', 'password']],
    ['a factor nobody declared: it proves nothing', ['password', 'carrier-pigeon']],
  ])('counts %s as one channel: still asked', async (_, factors) => {
    const { demand } = await enrolled();
    expect(await demand(factors)).not.toBeNull();
  });

  it.each([
    ['a passkey with user verification', ['passkey', 'user-verification']],
    ['a password and an app code', ['password', 'totp']],
    ['a mailed link and an app code', ['email', 'totp']],
    ['a mailed link and a backup code', ['email', 'backup-code']],
    ['SSO and a mailed code', ['sso', 'otp']],
    ['a provider and a mailed code', ['provider', 'otp']],
  ])('lets %s through: two channels', async (_, factors) => {
    const { demand } = await enrolled();
    expect(await demand(factors)).toBeNull();
  });

  it('asks nobody with two-factor off', async () => {
    const fixture = twoFactorFixture();
    const user = fixture.addUser();
    expect(await fixture.policy.demand({ user, method: 'email', factors: ['password'], client: clientOf({}) })).toBeNull();
  });

  it('counts a factor a module declares by its channel', async () => {
    const { demand, twoFactor } = await enrolled();
    const declared = factorTable({ 'sms-code': { kind: 'possession', channel: 'phone', label: 'a code sent by text message' } });
    const policy = new TwoFactorPolicy(twoFactor, declared);
    expect(await demand(['sms-code'], policy)).toEqual({ policy: 'two-factor', methods: ['totp', 'otp', 'backup-code'] });
    expect(await demand(['sms-code', 'password'], policy)).toBeNull();
    expect(() => factorTable({ password: { kind: 'knowledge', channel: 'memory', label: 'x' } })).toThrow('Factors already defined: password');
  });
});
