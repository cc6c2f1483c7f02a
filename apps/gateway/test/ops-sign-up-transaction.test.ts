import { TOKENS } from '../src/index.js';
import { credentials, ORIGIN, startGateway, type TestGateway } from './harness/index.js';

// A failure injected after the user's insert: the session insert of a sign-up whose user agent
// asks for it fails inside PostgreSQL, as a lost connection or a constraint would.
const INJECT_FAILURE = `
CREATE FUNCTION tend_test_fail_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."userAgent" = 'fail-after-user' THEN RAISE EXCEPTION 'injected failure'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tend_test_fail_session BEFORE INSERT ON "session" FOR EACH ROW EXECUTE FUNCTION tend_test_fail_session();`;

describe('sign-up is one transaction', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
    const db = gateway.container.get(TOKENS.Database);
    for (const statement of INJECT_FAILURE.split(/;\n(?=CREATE TRIGGER)/)) await db.$executeRawUnsafe(statement);
  });
  afterAll(() => gateway.close());

  it('leaves no user, account or session behind when the session insert fails, and the same email signs up afterwards', async () => {
    const db = gateway.container.get(TOKENS.Database);
    const body = credentials();
    const failed = await gateway.http.post('/api/auth/sign-up/email').set('Origin', ORIGIN).set('User-Agent', 'fail-after-user').send(body);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' });
    expect(await db.user.count({ where: { email: body.email } })).toBe(0);
    expect(await db.account.count({ where: { user: { email: body.email } } })).toBe(0);

    const retried = await gateway.http.post('/api/auth/sign-up/email').set('Origin', ORIGIN).set('User-Agent', 'jest').send(body).expect(200);
    const user = await db.user.findUniqueOrThrow({ where: { email: body.email }, include: { accounts: true, sessions: true } });
    expect(user.accounts.map((account) => account.providerId)).toEqual(['credential']);
    expect(user.sessions.map((session) => session.token)).toEqual([retried.body.token]);
  });
});
