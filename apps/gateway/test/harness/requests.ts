// Requests as the web app sends them: with a browser's cookies, and from the trusted Origin when
// they change state.
import { TOKENS } from '../../src/tokens.js';
import { BASE, ORIGIN } from './config.js';
import { cookieHeaderOf, type CookieJar } from './cookies.js';
import type { TestGateway } from './gateway.js';

type Cookies = string | CookieJar;
type Query = Record<string, string | number>;

/** POST {BASE}{path} from the trusted Origin, with the cookies (none when empty). */
export function post(gateway: TestGateway, path: string, cookies: Cookies, body: object = {}) {
  const header = cookieHeaderOf(cookies);
  const req = gateway.http.post(`${BASE}${path}`).set('Origin', ORIGIN);
  return (header ? req.set('Cookie', header) : req).send(body);
}

/** GET {BASE}{path} with the cookies (none when empty). */
export function get(gateway: TestGateway, path: string, cookies: Cookies, query: Query = {}) {
  const header = cookieHeaderOf(cookies);
  const req = gateway.http.get(`${BASE}${path}`).query(query);
  return header ? req.set('Cookie', header) : req;
}

/** GET /get-session with the cookies; the body is null without a live session. */
export const getSession = (gateway: TestGateway, cookies: Cookies) => get(gateway, '/get-session', cookies).expect(200);

/** POST {BASE}/admin/{path} with a session cookie, from the trusted origin. */
export const adminPost = (gateway: TestGateway, path: string, cookies: Cookies, body: object = {}) => post(gateway, `/admin/${path}`, cookies, body);

/** GET {BASE}/admin/{path} with a session cookie. */
export const adminGet = (gateway: TestGateway, path: string, cookies: Cookies, query: Query = {}) => get(gateway, `/admin/${path}`, cookies, query);

export interface AuditRow {
  action: string;
  actorId: string | null;
  targetUserId: string | null;
  detail: Record<string, unknown> | null;
  ipAddress: string | null;
  createdAt: string;
}

/** Waits for the audit log's buffered writes, then reads it as the admin. */
export async function auditLog(gateway: TestGateway, cookies: Cookies, query: Query = {}) {
  await gateway.container.get(TOKENS.AuditLog).flush();
  const res = await adminGet(gateway, 'audit-log', cookies, query).expect(200);
  return res.body as { events: AuditRow[]; total: number; limit: number; offset: number };
}

/**
 * Polls GET /get-session on `gateway` every 10 ms, ten times at most (100 ms), until it answers
 * null; answers how many polls it took (11: never).
 */
export async function pollsUntilSignedOut(gateway: TestGateway, cookies: Cookies): Promise<number> {
  for (let poll = 1; poll <= 10; poll += 1) {
    if ((await getSession(gateway, cookies)).body === null) return poll;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return 11;
}
