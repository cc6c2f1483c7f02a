// The one way tests make users: sign-up through the route (verified by following the mailed
// link when asked), administrators the way production makes them, and signed-in clients.
import { silentLogger } from '@tend/kernel';
import { bootstrapAdmin } from '../../src/bootstrap-admin.js';
import { TOKENS } from '../../src/tokens.js';
import { CookieJar, cookiesOf } from './cookies.js';
import type { TestGateway } from './gateway.js';
import type { MailTestGateway } from './mail.js';
import { get, post } from './requests.js';

/** Sign-up fields with a fresh email address. */
export const credentials = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
  password: 'correct horse battery',
  ...overrides,
});

/** Signs up a user and answers its session cookie and token. */
export async function signUp(gateway: TestGateway, overrides: Record<string, unknown> = {}) {
  const body = credentials(overrides);
  const res = await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
  return { body, cookie: cookiesOf(res), token: res.body.token as string, user: res.body.user };
}

/** Signs up and follows the verification link, so the user's email is verified. */
export async function signUpVerified(gateway: MailTestGateway, overrides: Record<string, unknown> = {}) {
  const { body, cookie, user } = await signUp(gateway, overrides);
  await gateway.http.get(await gateway.linkTo(body.email, 'verification')).expect(200);
  return { body, cookie, user: { ...user, emailVerified: true } };
}

export const ADMIN_PASSWORD = 'admin password 1';

/** Creates an administrator with the bootstrap helper and signs it in. */
export async function signInAdmin(gateway: TestGateway) {
  const email = `admin.${Math.random().toString(36).slice(2)}@example.com`;
  const deps = { users: gateway.container.get(TOKENS.UserRepository), hasher: gateway.container.get(TOKENS.PasswordHasher), clock: gateway.clock, logger: silentLogger };
  await bootstrapAdmin({ email, password: ADMIN_PASSWORD }, deps);
  const res = await gateway.http.post('/api/auth/sign-in/email').send({ email, password: ADMIN_PASSWORD }).expect(200);
  return { email, cookie: cookiesOf(res), token: res.body.token as string, user: res.body.user as { id: string; email: string; role: string } };
}

/** Makes a signed-up user an admin by its role, straight in the database. */
export async function makeAdmin(gateway: TestGateway, userId: string): Promise<void> {
  await gateway.container.get(TOKENS.Database).user.update({ where: { id: userId }, data: { role: 'admin' } });
}

type Query = Record<string, string | number>;

/** A signed-in user: requests carry its cookies (kept up to date from Set-Cookie) and the trusted Origin. */
export class Client {
  readonly jar: CookieJar;

  constructor(
    readonly gateway: TestGateway,
    readonly user: { id: string; email: string; name: string },
    readonly token: string,
    cookie: string,
  ) {
    this.jar = new CookieJar(cookie);
  }

  get cookie(): string {
    return this.jar.header;
  }

  async post(path: string, body: unknown = {}) {
    const res = await post(this.gateway, path, this.jar, body as object);
    this.jar.store(res);
    return res;
  }

  async get(path: string, query: Query = {}) {
    const res = await get(this.gateway, path, this.jar, query);
    this.jar.store(res);
    return res;
  }

  /** The session's active organization, as GET /get-session answers it. */
  async activeOrganizationId(): Promise<string | null> {
    const res = await this.get('/get-session');
    return res.body.session.activeOrganizationId;
  }
}

let counter = 0;

/** Signs up a new user (its email made from `name`) and answers it as a client. */
export async function newUser(gateway: TestGateway, name = 'Member'): Promise<Client> {
  counter += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, '')}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { body, cookie, token, user } = await signUp(gateway, { name, email });
  return new Client(gateway, { id: user.id, email: user.email, name: body.name }, token, cookie);
}
