import { ManualClock } from '@tend/kernel';
import { PendingSignIns, SignInCompletion } from '@tend/identity';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { PrismaAccountRepository, PrismaUserRepository, PrismaVerificationRepository } from '@tend/identity/prisma';
import { SessionManager } from '@tend/sessions';
import { SessionIssuer } from '@tend/sessions/issuer';
import { PrismaSessionStore } from '@tend/sessions/prisma';
import { ProviderRegistry } from '../providers/registry.js';
import { startFakeProviders, type FakeProviders } from '../testing/index.js';
import { TEST_AUTH_BASE_URL, TEST_SECRET } from '../testing/provider-harness.js';
import { createProviderUseCases } from '../wiring.js';

// The provider flows store through identity's and sessions' Prisma adapters: the state row's
// single use and the account writes must hold on the real databases too.
let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());

describe.each(testDatabaseKinds())('provider sign-in on Prisma (%s)', (kind) => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.close());

  function wire() {
    const clock = new ManualClock(Date.now());
    const accounts = new PrismaAccountRepository(db.prisma);
    const users = new PrismaUserRepository(db.prisma);
    const store = new PrismaSessionStore(db.prisma);
    const sessions = new SessionManager(store, clock);
    const pending = new PendingSignIns(new PrismaVerificationRepository(db.prisma), clock);
    const useCases = createProviderUseCases({
      providers: new ProviderRegistry({ providers: fakes.settings(['github', 'google']), urlRewrite: fakes.baseURL, clock }),
      users,
      accounts,
      verifications: new PrismaVerificationRepository(db.prisma),
      sessions,
      completion: new SignInCompletion({ users, sessions: new SessionIssuer(store, clock), firstSessions: users, pending, clock }),
      clock,
      secret: TEST_SECRET,
      routes: { authBaseURL: TEST_AUTH_BASE_URL },
    });
    return { useCases, accounts };
  }

  it('signs up, then signs in the same user, with encrypted tokens stored', async () => {
    const { useCases, accounts } = wire();
    const run = async () => {
      const started = await useCases.startSocialSignIn.execute({ provider: 'google', callbackURL: '/' });
      const authorization = await fakes.authorize(started.url);
      return useCases.handleCallback.execute({ providerId: 'google', state: authorization.state, code: authorization.code, binding: started.binding });
    };
    const first = await run();
    const second = await run();
    expect(first).toMatchObject({ outcome: 'signed-in', isNewUser: true });
    expect(second).toMatchObject({ outcome: 'signed-in', isNewUser: false });
    expect(second.user.id).toBe(first.user.id);
    const [account] = await accounts.listByUser(first.user.id);
    expect(account?.accessToken).toMatch(/^enc\.v1\./);
    expect(account?.scope).toBe('email,profile,openid');
  });

  it('lets exactly one of parallel callbacks with one state through', async () => {
    const { useCases } = wire();
    const started = await useCases.startSocialSignIn.execute({ provider: 'github', callbackURL: '/' });
    const authorization = await fakes.authorize(started.url);
    const input = { providerId: 'github', state: authorization.state, code: authorization.code, binding: started.binding };
    const results = await Promise.allSettled([1, 2, 3].map(() => useCases.handleCallback.execute(input)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ redirectCode: 'please_restart_the_process' });
  });
});
