// The second factor on memory stores and a manual clock: the service, the lockout on a memory
// rate-limit store, the sign-in completion with the real policy, and every use case.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { clientOf, MailDelivery, MemoryAccountRepository, MemoryVerificationRepository, newAccount, newUser, type Factor, type PasswordHasher, type User } from '@tend/identity';
import { signInFixture } from '@tend/identity/testing';
import { createMemoryTables, ManualClock, silentLogger } from '@tend/kernel';
import { DevOutboxMailer } from '@tend/mailer';
import { MemoryRateLimitStore } from '@tend/rate-limit';
import { MemoryTwoFactorRepository } from '../adapters/memory/memory-two-factor-repository.js';
import { TwoFactorPolicy } from '../challenge-policy.js';
import { SecondFactorLockout } from '../lockout.js';
import { stepAt, totpAt } from '../totp.js';
import { TwoFactor } from '../two-factor.js';
import { AnswerChallenge, type SignInThrottle } from '../use-cases/answer-challenge.js';
import { ClearTwoFactorLockout } from '../use-cases/clear-lockout.js';
import { ConfirmTwoFactor } from '../use-cases/confirm-two-factor.js';
import { EnableTwoFactor } from '../use-cases/enable-two-factor.js';
import type { TwoFactorEvent } from '../use-cases/events.js';
import { PendingChallenge } from '../use-cases/pending-challenge.js';
import { ResetTwoFactor } from '../use-cases/reset-two-factor.js';

export const SECRET = 'a-test-secret-of-at-least-32-characters!!';
export const PASSWORD = 'right password';
const hasher: PasswordHasher = { hash: async (password) => `hash:${password}`, verify: async (hash, password) => hash === `hash:${password}` };

/** A throttle that counts like the password routes' (a Map), refusing after `max` failures. */
export function countingThrottle(max = Number.POSITIVE_INFINITY): SignInThrottle & { failures: Map<string, number> } {
  const failures = new Map<string, number>();
  return {
    failures,
    check: async (id) => ({ allowed: (failures.get(id) ?? 0) < max }),
    recordFailure: async (id) => void failures.set(id, (failures.get(id) ?? 0) + 1),
    recordSuccess: async (id) => void failures.delete(id),
  };
}

export function twoFactorFixture(options: { throttle?: SignInThrottle } = {}) {
  const tables = createMemoryTables();
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  const store = new MemoryTwoFactorRepository();
  const outbox = new DevOutboxMailer({ logger: silentLogger, clock });
  const delivery = new MailDelivery(outbox, silentLogger);
  const users = {
    findById: async (id: string) => tables.users.get(id) ?? null,
    update: async (id: string, patch: Partial<User>) => {
      const user = { ...tables.users.get(id)!, ...patch } as User;
      tables.users.set(id, user);
      return user;
    },
  };
  const twoFactor = new TwoFactor({
    users,
    accounts: new MemoryAccountRepository(tables),
    hasher,
    store,
    verifications: new MemoryVerificationRepository(tables),
    delivery,
    clock,
    secret: SECRET,
    settings: { issuer: 'Tend', securityURL: 'http://localhost:4300/account/security' },
  });
  const rateLimits = new MemoryRateLimitStore();
  const lockout = new SecondFactorLockout({ store: rateLimits, clock });
  const policy = new TwoFactorPolicy(twoFactor);
  const signIns = signInFixture({ tables, clock, policies: [policy] });
  const events: TwoFactorEvent[] = [];
  const record = { record: (event: TwoFactorEvent) => void events.push(event) };
  const throttle = options.throttle ?? countingThrottle();
  const sessions = { revoked: [] as string[], revokeAll: async (userId: string) => void sessions.revoked.push(userId) };
  const useCases = {
    enable: new EnableTwoFactor({ twoFactor }),
    confirm: new ConfirmTwoFactor({ twoFactor, events: record }),
    answer: new AnswerChallenge({ completion: signIns.completion, twoFactor, lockout, throttle, events: record }),
    reset: new ResetTwoFactor({ users, twoFactor, lockout, sessions }),
    clear: new ClearTwoFactorLockout({ users, lockout }),
    pending: new PendingChallenge({ pending: signIns.pending, users, twoFactor, clock }),
  };

  /** A user with a password (and no second factor yet). */
  const addUser = (id = 'u1', email = `${id}@example.com`) => {
    const user = newUser({ id, email, name: 'Ada' }, clock.now());
    tables.users.set(user.id, user);
    tables.accounts.set(`a-${id}`, newAccount({ id: `a-${id}`, accountId: id, providerId: 'credential', userId: id, password: `hash:${PASSWORD}` }, clock.now()));
    return user;
  };
  const current = (id = 'u1') => tables.users.get(id)!;

  /** Enables and confirms two-factor for the user: its codes of a step from now, and its backup codes. */
  const enrol = async (id = 'u1') => {
    const { totpURI, backupCodes } = await useCases.enable.execute({ user: current(id), password: PASSWORD });
    const secret = decodeBase32IgnorePadding(new URL(totpURI).searchParams.get('secret')!);
    const codeAt = (offset = 0) => totpAt(secret, stepAt(clock.now()) + offset);
    await useCases.confirm.execute({ user: current(id), code: codeAt(), client: null });
    clock.advance(30_000); // the step used to turn it on is spent
    const wrongCode = () => (['000000', '111111', '222222'].find((code) => code !== codeAt() && code !== codeAt(1)))!;
    return { totpURI, backupCodes, secret, codeAt, wrongCode };
  };

  /** A first step proving `factors`: the pending sign-in's token (a challenge is expected). */
  const challenge = async (factors: Factor[] = ['password'], id = 'u1') => {
    const outcome = await signIns.completion.complete({ user: current(id), method: 'email', factors, client: clientOf({ ipAddress: '10.0.0.1' }) });
    if (outcome.kind !== 'challenge') throw new Error('expected a challenge');
    return { token: outcome.token, methods: [...outcome.demand.methods] };
  };

  const mails = async (to = 'u1@example.com') => {
    await delivery.idle();
    return outbox.list().filter((mail) => mail.to === to);
  };

  return { tables, clock, store, outbox, delivery, twoFactor, lockout, rateLimits, policy, signIns, events, throttle, sessions, ...useCases, addUser, current, enrol, challenge, mails };
}

export type TwoFactorFixture = ReturnType<typeof twoFactorFixture>;
