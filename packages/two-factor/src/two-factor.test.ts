import { createMemoryTables, ManualClock, silentLogger } from '@tend/kernel';
import { newAccount, newUser, type User } from '@tend/identity';
import { clientOf, MailDelivery, MemoryAccountRepository, MemoryVerificationRepository, type PasswordHasher } from '@tend/identity';
import { signInFixture } from '@tend/identity/testing';
import { DevOutboxMailer } from '@tend/mailer';
import { MemoryTwoFactorRepository } from './adapters/memory/memory-two-factor-repository.js';
import { TwoFactorPolicy } from './challenge-policy.js';
import { SecretBox } from './secret-box.js';
import { stepAt, totpAt } from './totp.js';
import { TRUST_DEVICE_MARK, TwoFactor } from './two-factor.js';
import { ConfirmTwoFactor } from './use-cases/confirm-two-factor.js';
import { EnableTwoFactor } from './use-cases/enable-two-factor.js';
import { NO_EVENTS } from './use-cases/events.js';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';

const SECRET = 'a-test-secret-of-at-least-32-characters!!';
const hasher: PasswordHasher = { hash: async (password) => `hash:${password}`, verify: async (hash, password) => hash === `hash:${password}` };

async function setup() {
  const tables = createMemoryTables();
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  const store = new MemoryTwoFactorRepository();
  const outbox = new DevOutboxMailer({ logger: silentLogger, clock });
  const delivery = new MailDelivery(outbox, silentLogger);
  const twoFactor = new TwoFactor({
    users: { findById: async (id) => tables.users.get(id) ?? null, update: async (id, patch) => { const user = { ...tables.users.get(id)!, ...patch } as User; tables.users.set(id, user); return user; } },
    accounts: new MemoryAccountRepository(tables),
    hasher,
    store,
    verifications: new MemoryVerificationRepository(tables),
    delivery,
    clock,
    secret: SECRET,
    settings: { issuer: 'Tend', securityURL: 'http://localhost:4300/account/security' },
  });
  const user = newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada' }, clock.now());
  tables.users.set(user.id, user);
  tables.accounts.set('a1', newAccount({ id: 'a1', accountId: 'u1', providerId: 'credential', userId: 'u1', password: 'hash:right password' }, clock.now()));
  const current = () => tables.users.get('u1')!;
  const enabling = new EnableTwoFactor({ twoFactor });
  const confirming = new ConfirmTwoFactor({ twoFactor, events: NO_EVENTS });
  const enable = async () => {
    const enabled = await enabling.execute({ user: current(), password: 'right password' });
    const secret = decodeBase32IgnorePadding(new URL(enabled.totpURI).searchParams.get('secret')!);
    const codeAt = (offset = 0) => totpAt(secret, stepAt(clock.now()) + offset);
    return { ...enabled, secret, codeAt };
  };
  return { tables, clock, store, outbox, delivery, twoFactor, current, enable, enabling, confirming };
}

describe('TwoFactor', () => {
  it('enables with the password: a ≥128-bit base32 secret in an otpauth URI, 10 distinct backup codes, still off', async () => {
    const { enabling, current, enable, store } = await setup();
    await expect(enabling.execute({ user: current(), password: 'wrong' })).rejects.toMatchObject({ status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' });
    const { totpURI, backupCodes, secret } = await enable();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Tend:ada%40example\.com\?secret=[A-Z2-7]{32}&issuer=Tend&/);
    const params = new URL(totpURI).searchParams;
    expect(params.get('issuer')).toBe('Tend');
    expect(params.get('digits')).toBe('6');
    expect(params.get('period')).toBe('30');
    expect(params.get('algorithm')).toBe('SHA1');
    expect(secret.length * 8).toBeGreaterThanOrEqual(128);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(current().twoFactorEnabled).toBe(false);
    // At rest: sealed secret, hashed codes.
    const record = (await store.find('u1'))!;
    expect(record.secret).not.toContain(params.get('secret')!);
    expect([...store.backupCodes.get('u1')!].some((hash) => backupCodes.includes(hash))).toBe(false);
  });

  it('turns on with the first valid code; a code works once; the next step is accepted, the one after not', async () => {
    const { twoFactor, current, enable, enabling, confirming } = await setup();
    const { codeAt } = await enable();
    await expect(confirming.execute({ user: current(), code: '000000' === codeAt() ? '111111' : '000000', client: null })).rejects.toMatchObject({ status: 401, code: 'INVALID_CODE' });
    expect(current().twoFactorEnabled).toBe(false);
    const code = codeAt();
    expect((await confirming.execute({ user: current(), code, client: null })).turnedOn).toBe(true);
    expect(current().twoFactorEnabled).toBe(true);
    expect(await twoFactor.checkTotp(current(), code)).toBe(false);
    expect(await twoFactor.checkTotp(current(), codeAt(2))).toBe(false);
    expect(await twoFactor.checkTotp(current(), codeAt(1))).toBe(true);
    await expect(enabling.execute({ user: current(), password: 'right password' })).rejects.toMatchObject({ code: 'TOTP_ALREADY_ENABLED', message: 'TOTP is already enabled' });
  });

  it('of two parallel uses of one code, one wins', async () => {
    const { twoFactor, current, enable } = await setup();
    const { codeAt } = await enable();
    const results = await Promise.all([twoFactor.checkTotp(current(), codeAt()), twoFactor.checkTotp(current(), codeAt())]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('backup codes work once and are replaced by new ones; only while on', async () => {
    const { twoFactor, current, enable, confirming } = await setup();
    const { backupCodes, codeAt } = await enable();
    await expect(twoFactor.regenerateBackupCodes({ user: current(), password: 'right password' })).rejects.toMatchObject({ code: 'TWO_FACTOR_NOT_ENABLED', message: "Two factor isn't enabled" });
    expect(await twoFactor.checkBackupCode(current(), backupCodes[0]!)).toBe(false);
    await confirming.execute({ user: current(), code: codeAt(), client: null });
    expect(await twoFactor.checkBackupCode(current(), ` ${backupCodes[0]!.toUpperCase()} `)).toBe(true);
    expect(await twoFactor.checkBackupCode(current(), backupCodes[0]!)).toBe(false);
    const fresh = await twoFactor.regenerateBackupCodes({ user: current(), password: 'right password' });
    expect(await twoFactor.checkBackupCode(current(), backupCodes[1]!)).toBe(false);
    expect(await twoFactor.checkBackupCode(current(), fresh[0]!)).toBe(true);
  });

  it('mails a 6-digit code that works once, within 5 minutes', async () => {
    const { twoFactor, current, outbox, delivery, clock } = await setup();
    await twoFactor.sendEmailCode(current());
    await delivery.idle();
    const code = outbox.list()[0]!.text.match(/\b\d{6}\b/)![0];
    expect(await twoFactor.checkEmailCode(current(), code === '123456' ? '654321' : '123456')).toBe(false);
    expect(await twoFactor.checkEmailCode(current(), code)).toBe(true);
    expect(await twoFactor.checkEmailCode(current(), code)).toBe(false);
    await twoFactor.sendEmailCode(current());
    await delivery.idle();
    const late = outbox.list()[0]!.text.match(/\b\d{6}\b/)![0];
    clock.advance(301_000);
    expect(await twoFactor.checkEmailCode(current(), late)).toBe(false);
  });

  it('disables with the password: the enrolment goes, a notice is mailed', async () => {
    const { twoFactor, current, enable, confirming, store, outbox, delivery } = await setup();
    const { codeAt } = await enable();
    await confirming.execute({ user: current(), code: codeAt(), client: null });
    await expect(twoFactor.disable({ user: current(), password: 'nope' })).rejects.toMatchObject({ code: 'INVALID_PASSWORD' });
    await twoFactor.disable({ user: current(), password: 'right password' });
    expect(current().twoFactorEnabled).toBe(false);
    expect(await store.find('u1')).toBeNull();
    await delivery.idle();
    expect(outbox.list()[0]).toMatchObject({ to: 'ada@example.com', subject: 'Two-factor authentication is off for your Tend account' });
    await expect(twoFactor.disable({ user: current(), password: 'right password' })).rejects.toMatchObject({ code: 'TWO_FACTOR_NOT_ENABLED' });
  });
});

describe('TwoFactorPolicy', () => {
  it('asks one-factor sign-ins of users with two-factor on, not passkeys, not trusted devices of that user', async () => {
    const { twoFactor, current, enable, confirming, clock } = await setup();
    const policy = new TwoFactorPolicy(twoFactor);
    const proof = (factors: string[], marks: Record<string, string> = {}) => ({ user: current(), method: 'email', factors: factors as never, client: clientOf({}, marks) });
    expect(await policy.demand(proof(['password']))).toBeNull();
    const { codeAt } = await enable();
    await confirming.execute({ user: current(), code: codeAt(), client: null });
    expect(await policy.demand(proof(['password']))).toEqual({ policy: 'two-factor', methods: ['totp', 'otp', 'backup-code'] });
    expect(await policy.demand(proof(['email']))).not.toBeNull();
    expect(await policy.demand(proof(['passkey', 'user-verification']))).toBeNull();
    expect(await policy.demand(proof(['password', 'totp']))).toBeNull();
    const mark = (await twoFactor.trustMark(current()))!;
    expect(await policy.demand(proof(['password'], { [TRUST_DEVICE_MARK]: mark }))).toBeNull();
    expect(await policy.demand(proof(['password'], { [TRUST_DEVICE_MARK]: mark.replace('u1', 'u2') }))).not.toBeNull();
    clock.advance(31 * 24 * 3600 * 1000);
    expect(await policy.demand(proof(['password'], { [TRUST_DEVICE_MARK]: mark }))).not.toBeNull();
  });

  it('works inside the sign-in completion: a challenge, then a session with the second factor', async () => {
    const { twoFactor, current, enable, confirming, tables } = await setup();
    const { codeAt } = await enable();
    await confirming.execute({ user: current(), code: codeAt(), client: null });
    const fixture = signInFixture({ tables, policies: [new TwoFactorPolicy(twoFactor)] });
    const outcome = await fixture.completion.complete({ user: current(), method: 'email', factors: ['password'], client: clientOf({}) });
    expect(outcome.kind).toBe('challenge');
  });
});

describe('SecretBox', () => {
  it('opens what it sealed for the same context only, and nothing changed', () => {
    const box = new SecretBox(SECRET);
    const sealed = box.seal(new Uint8Array([1, 2, 3]), 'u1');
    expect([...box.open(sealed, 'u1')!]).toEqual([1, 2, 3]);
    expect(box.open(sealed, 'u2')).toBeNull();
    expect(new SecretBox('another secret of at least 32 characters').open(sealed, 'u1')).toBeNull();
    expect(box.open(`${sealed.slice(0, -2)}AA`, 'u1')).toBeNull();
  });
});
