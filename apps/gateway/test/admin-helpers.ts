// Helpers of the admin tests: an administrator made the way production makes one (the bootstrap
// admin), admin calls with cookies and Origin, a cookie jar that follows Set-Cookie like a
// browser, and the audit log read after its buffered writes.
import { silentLogger } from '@tend/kernel';
import { bootstrapAdmin } from '../src/bootstrap-admin.js';
import { TOKENS } from '../src/tokens.js';
import { cookiesOf, ORIGIN, setCookies, type TestGateway } from './harness.js';

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


/** POST /api/auth/admin/<path> with a session cookie, from the trusted origin. */
export function adminPost(gateway: TestGateway, path: string, cookie: string, body: object = {}) {
  return gateway.http.post(`/api/auth/admin/${path}`).set('Cookie', cookie).set('Origin', ORIGIN).send(body);
}

/** GET /api/auth/admin/<path> with a session cookie. */
export function adminGet(gateway: TestGateway, path: string, cookie: string, query: Record<string, string | number> = {}) {
  return gateway.http.get(`/api/auth/admin/${path}`).query(query).set('Cookie', cookie);
}

/** GET /get-session for a cookie (null body when there is no live session). */
export function getSession(gateway: TestGateway, cookie: string) {
  return gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
}

/** Waits for the audit log's buffered writes, then reads it as the admin. */
export async function auditLog(gateway: TestGateway, cookie: string, query: Record<string, string | number> = {}) {
  await gateway.container.get(TOKENS.AuditLog).flush();
  const res = await adminGet(gateway, 'audit-log', cookie, query).expect(200);
  return res.body as { events: AuditRow[]; total: number; limit: number; offset: number };
}

export interface AuditRow {
  action: string;
  actorId: string | null;
  targetUserId: string | null;
  detail: Record<string, unknown> | null;
  ipAddress: string | null;
  createdAt: string;
}

/** The session cookies a browser would hold: follows Set-Cookie, deletes what is expired. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) this.set(pair);
  }

  update(res: { headers: Record<string, unknown> }): this {
    for (const cookie of setCookies(res)) {
      const [pair = ''] = cookie.split(';');
      if (/;\s*Max-Age=0/i.test(cookie) || pair.endsWith('=')) this.values.delete(pair.slice(0, pair.indexOf('=')));
      else this.set(pair);
    }
    return this;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  get header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private set(pair: string): void {
    const at = pair.indexOf('=');
    this.values.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** The Set-Cookie line of one cookie, by name. */
export const setCookieNamed = (res: { headers: Record<string, unknown> }, name: string) => setCookies(res).find((cookie) => cookie.startsWith(`${name}=`));
