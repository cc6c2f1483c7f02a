import { addSeconds } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser, type User } from '../entities.js';
import { signInFixture } from '../testing/sign-in-fixture.js';
import type { ChallengePolicy } from './challenge-policy.js';
import { clientOf, type SignInProof } from './proof.js';
import type { SessionEffectHandler } from './session-effects.js';

/** A throw-away policy: demands a `probe` answer unless the sign-in proved one already. */
const probe: ChallengePolicy = {
  name: 'probe',
  demand: async (proof) => (proof.factors.includes('totp') ? null : { policy: 'probe', methods: ['totp'] }),
};

async function setup(policies: ChallengePolicy[] = []) {
  const fixture = signInFixture({ policies });
  const user = await fixture.users.create(newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada' }, fixture.clock.now()));
  const proof = (overrides: Partial<SignInProof> = {}): SignInProof => ({ user, method: 'email', factors: ['password'], client: clientOf({ ipAddress: '10.0.0.1', userAgent: 'jest' }), ...overrides });
  return { ...fixture, user, proof };
}

describe('SignInCompletion', () => {
  it('turns a proof into a session and records the sign-in with its method', async () => {
    const { completion, proof, events, sessions, user } = await setup();
    const outcome = await completion.complete(proof({ detail: { provider: 'github' }, method: 'social' }));
    if (outcome.kind !== 'session') throw new Error('expected a session');
    expect(outcome.session).toMatchObject({ userId: user.id, ipAddress: '10.0.0.1', userAgent: 'jest' });
    expect((await sessions.resolve(outcome.session.token))?.user.id).toBe(user.id);
    expect(events).toEqual([{ action: 'sign-in.success', userId: user.id, client: expect.anything(), detail: { method: 'social', provider: 'github' } }]);
  });

  it('refuses a banned user with 403 BANNED_USER and clears an expired ban', async () => {
    const { completion, proof, users, user, clock, tables } = await setup();
    await users.update(user.id, { banned: true, banReason: 'spam', banExpires: null });
    await expect(completion.complete(proof({ user: (await users.findById(user.id))! }))).rejects.toMatchObject({ status: 403, code: 'BANNED_USER' });
    expect(tables.sessions.size).toBe(0);

    await users.update(user.id, { banned: true, banExpires: addSeconds(clock.now(), -1) });
    const outcome = await completion.complete(proof({ user: (await users.findById(user.id))! }));
    expect(outcome.kind).toBe('session');
    expect(await users.findById(user.id)).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });

  it('answers a challenge instead of a session when a policy demands more, and no session exists', async () => {
    const { completion, proof, tables, events } = await setup([probe]);
    const outcome = await completion.complete(proof());
    expect(outcome).toMatchObject({ kind: 'challenge', demand: { policy: 'probe', methods: ['totp'] } });
    expect(tables.sessions.size).toBe(0);
    expect(events.map((event) => event.action)).toEqual(['sign-in.challenge']);
  });

  it('completes a pending sign-in once, with the answer added to its factors', async () => {
    const { completion, proof, events } = await setup([probe]);
    const challenge = await completion.complete(proof({ rememberMe: false, next: '/account' }));
    if (challenge.kind !== 'challenge') throw new Error('expected a challenge');
    const seen: string[][] = [];
    const done = await completion.resume(challenge.token, clientOf({}), async (pending) => {
      seen.push([...pending.factors]);
      return 'totp';
    });
    expect(seen).toEqual([['password']]);
    if (done.status !== 'done' || done.outcome.kind !== 'session') throw new Error('expected a session');
    expect(done.outcome.proof).toMatchObject({ factors: ['password', 'totp'], rememberMe: false, next: '/account', method: 'email' });
    expect(events.map((event) => event.action)).toEqual(['sign-in.challenge', 'sign-in.success']);
    // A copy of the challenge token is worthless afterwards.
    expect(await completion.resume(challenge.token, clientOf({}), async () => 'totp')).toEqual({ status: 'missing' });
  });

  it('kills a pending sign-in after 10 wrong answers: even the right one is refused then', async () => {
    const { completion, proof, user } = await setup([probe]);
    const challenge = await completion.complete(proof());
    if (challenge.kind !== 'challenge') throw new Error('expected a challenge');
    for (let left = 9; left >= 0; left -= 1) {
      expect(await completion.resume(challenge.token, clientOf({}), async () => null)).toEqual({ status: 'wrong', attemptsLeft: left, userId: user.id });
    }
    expect(await completion.resume(challenge.token, clientOf({}), async () => 'totp')).toEqual({ status: 'missing' });
  });

  it('lets one of two parallel answers win', async () => {
    const { completion, proof } = await setup([probe]);
    const challenge = await completion.complete(proof());
    if (challenge.kind !== 'challenge') throw new Error('expected a challenge');
    const results = await Promise.all([1, 2].map(() => completion.resume(challenge.token, clientOf({}), async () => 'totp')));
    expect(results.map((result) => result.status).sort()).toEqual(['done', 'missing']);
  });

  it('expires a pending sign-in with its lifetime', async () => {
    const { completion, proof, clock } = await setup([probe]);
    const challenge = await completion.complete(proof());
    if (challenge.kind !== 'challenge') throw new Error('expected a challenge');
    clock.advance(601_000);
    expect(await completion.resume(challenge.token, clientOf({}), async () => 'totp')).toEqual({ status: 'missing' });
  });

  it('stores a new user with its account and its first session at once, or alone before a challenge', async () => {
    const plain = await setup();
    const fresh: User = newUser({ id: 'u2', email: 'new@example.com', name: 'New' }, plain.clock.now());
    const account = newAccount({ id: 'a2', accountId: 'u2', providerId: CREDENTIAL_PROVIDER, userId: 'u2', password: 'hash' }, plain.clock.now());
    const outcome = await plain.completion.complete(plain.proof({ user: fresh, isNewUser: true }), { create: { account } });
    if (outcome.kind !== 'session') throw new Error('expected a session');
    expect(plain.tables.users.get('u2')).toMatchObject({ email: 'new@example.com' });
    expect(plain.tables.accounts.get('a2')).toMatchObject({ userId: 'u2' });
    expect(plain.tables.sessions.get(outcome.session.token)).toMatchObject({ userId: 'u2' });

    const challenged = await setup([probe]);
    const other: User = newUser({ id: 'u3', email: 'other@example.com', name: 'Other' }, challenged.clock.now());
    const result = await challenged.completion.complete(challenged.proof({ user: other }), { create: {} });
    expect(result.kind).toBe('challenge');
    expect(challenged.tables.users.has('u3')).toBe(true);
    expect(challenged.tables.sessions.size).toBe(0);
  });

  it('answers 422 USER_ALREADY_EXISTS for a new user whose email is taken, storing nothing', async () => {
    const { completion, proof, clock, tables } = await setup();
    const twin: User = newUser({ id: 'u4', email: 'ada@example.com', name: 'Twin' }, clock.now());
    await expect(completion.complete(proof({ user: twin }), { create: {} })).rejects.toMatchObject({ status: 422, code: 'USER_ALREADY_EXISTS' });
    expect(tables.users.has('u4')).toBe(false);
    expect(tables.sessions.size).toBe(0);
  });

  it("applies every policy whatever the proof's factors: a proof naming 'session' is challenged too", async () => {
    const { completion, proof, tables } = await setup([probe]);
    expect(await completion.complete(proof({ factors: ['session'] }))).toMatchObject({ kind: 'challenge' });
    expect(tables.sessions.size).toBe(0);
  });

  it('vouches for a session with the ban check only: no challenge, no sign-in event', async () => {
    const { completion, user, events } = await setup([probe]);
    const outcome = await completion.vouch({ user, method: 'impersonation', client: clientOf({}), rememberMe: false, session: { impersonatedBy: 'admin-1', expiresIn: 3600 } });
    expect(outcome.session).toMatchObject({ impersonatedBy: 'admin-1', userId: user.id });
    expect(outcome.proof.factors).toEqual(['session']);
    expect(events).toEqual([]);
  });

  describe('session effects', () => {
    function recorder(fail = false) {
      const runs: { data: unknown; userId: string }[] = [];
      const handler: SessionEffectHandler = {
        name: 'test.join',
        run: async (data, signIn) => {
          if (fail) throw new Error('the organization is gone');
          runs.push({ data, userId: signIn.user.id });
        },
      };
      return { runs, handler };
    }
    const join = { name: 'test.join', data: { organizationId: 'o1' } };

    it('runs the declared effects once the sign-in is a session', async () => {
      const { runs, handler } = recorder();
      const fixture = signInFixture({ effects: [handler] });
      const user = await fixture.users.create(newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada' }, fixture.clock.now()));
      const outcome = await fixture.completion.complete({ user, method: 'sso', factors: ['sso'], client: clientOf({}) }, { onSession: [join] });
      expect(outcome.kind).toBe('session');
      expect(runs).toEqual([{ data: { organizationId: 'o1' }, userId: 'u1' }]);
    });

    it('keeps them with a pending sign-in: none on a challenge nor on a wrong answer, once on the right one', async () => {
      const { runs, handler } = recorder();
      const fixture = signInFixture({ effects: [handler], policies: [probe] });
      const user = await fixture.users.create(newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada' }, fixture.clock.now()));
      const challenge = await fixture.completion.complete({ user, method: 'sso', factors: ['sso'], client: clientOf({}) }, { onSession: [join] });
      if (challenge.kind !== 'challenge') throw new Error('expected a challenge');
      expect(runs).toEqual([]);
      expect(await fixture.completion.resume(challenge.token, clientOf({}), async () => null)).toMatchObject({ status: 'wrong' });
      expect(runs).toEqual([]);
      const done = await fixture.completion.resume(challenge.token, clientOf({}), async () => 'totp');
      expect(done).toMatchObject({ status: 'done', outcome: { kind: 'session' } });
      expect(runs).toEqual([{ data: { organizationId: 'o1' }, userId: 'u1' }]);
    });

    it('never undoes the session for a failed effect, and refuses an effect nobody handles', async () => {
      const { handler } = recorder(true);
      const fixture = signInFixture({ effects: [handler] });
      const user = await fixture.users.create(newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada' }, fixture.clock.now()));
      const proof = { user, method: 'sso', factors: ['sso'] as const, client: clientOf({}) };
      const outcome = await fixture.completion.complete(proof, { onSession: [join] });
      expect(outcome.kind === 'session' && fixture.tables.sessions.has(outcome.session.token)).toBe(true);
      await expect(fixture.completion.complete(proof, { onSession: [{ name: 'nobody.handles', data: {} }] })).rejects.toThrow('No handler for the session effect nobody.handles');
    });
  });
});
