// Helpers of the organization HTTP tests: users with their own cookie jar, organizations and
// memberships made through the routes, and the error assertion every test uses.
import request from 'supertest';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, silentLogger, type ErrorDefinition } from '@tend/kernel';
import { createGateway, defaultConfig, MODULES, type GatewayConfig, type GatewayModule } from '../src/index.js';
import { credentials, ORIGIN, SECRET, setCookies, startGateway, type TestGateway } from './harness.js';

export type OrganizationSettings = Partial<GatewayConfig['organizations']>;

/** The gateway config overrides of an organization test: no sign-up mail, so the outbox holds invitations only. */
export function organizationConfig(organizations: OrganizationSettings = {}, overrides: Partial<GatewayConfig> = {}): Partial<GatewayConfig> {
  const defaults = defaultConfig({ secret: SECRET }).organizations;
  return {
    emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false },
    organizations: { ...defaults, ...organizations, teams: { ...defaults.teams, ...organizations.teams } },
    ...overrides,
  };
}

export function startOrganizationGateway(organizations: OrganizationSettings = {}, overrides: Partial<GatewayConfig> = {}): Promise<TestGateway> {
  return startGateway(organizationConfig(organizations, overrides));
}

/** A gateway with `modules` in front of the usual ones (an audit sink that records in memory). */
export async function startGatewayWith(modules: GatewayModule[], overrides: Partial<GatewayConfig> = {}): Promise<TestGateway> {
  const database = await createTestDatabase(selectedTestDatabase());
  const clock = new ManualClock(new Date());
  const config = defaultConfig({ secret: SECRET, baseURL: ORIGIN, checkReplies: 'throw', ...organizationConfig({}, overrides) });
  const gateway = createGateway({ config, database, clock, logger: silentLogger, modules: [...modules, ...MODULES] });
  return {
    app: gateway.app,
    container: gateway.container,
    clock,
    http: request(gateway.app),
    close: async () => {
      await gateway.close();
      await database.close();
    },
  };
}

type Query = Record<string, string | number>;

/** A signed-in user: requests carry its cookies (kept up to date from Set-Cookie) and the trusted Origin. */
export class Client {
  private jar = new Map<string, string>();

  constructor(
    readonly gateway: TestGateway,
    readonly user: { id: string; email: string; name: string },
    readonly token: string,
    cookie: string,
  ) {
    this.keep(cookie.split('; ').filter(Boolean));
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async post(path: string, body: unknown = {}) {
    const res = await this.gateway.http.post(`/api/auth${path}`).set('Cookie', this.cookie).set('Origin', ORIGIN).send(body as object);
    this.keep(setCookies(res).map((cookie) => cookie.split(';')[0]!));
    return res;
  }

  async get(path: string, query: Query = {}) {
    const res = await this.gateway.http.get(`/api/auth${path}`).query(query).set('Cookie', this.cookie);
    this.keep(setCookies(res).map((cookie) => cookie.split(';')[0]!));
    return res;
  }

  /** The session's active organization, as GET /get-session answers it. */
  async activeOrganizationId(): Promise<string | null> {
    const res = await this.get('/get-session');
    return res.body.session.activeOrganizationId;
  }

  private keep(pairs: string[]): void {
    for (const pair of pairs) {
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

let counter = 0;

/** Signs up a new user and answers it as a client. */
export async function newUser(gateway: TestGateway, name = 'Member'): Promise<Client> {
  counter += 1;
  const body = credentials({ name, email: `${name.toLowerCase().replace(/\W+/g, '')}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  const res = await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
  const cookie = setCookies(res)
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return new Client(gateway, { id: res.body.user.id, email: res.body.user.email, name: body.name }, res.body.token, cookie);
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
  members: Array<{ id: string; userId: string; role: string; teamId: string | null }>;
}

/** Creates an organization owned by `owner` (it becomes the owner's active one), a second after the last record. */
export async function createOrganization(owner: Client, name = 'Calm Coaches', extra: Record<string, unknown> = {}): Promise<Organization> {
  owner.gateway.clock.advance(1000); // listings are oldest first: no two records share a time
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await owner.post('/organization/create', { name, slug, ...extra });
  expect(res.status).toBe(200);
  return res.body as Organization;
}

/** Invites `invitee` with `role` and answers the invitation. */
export async function invite(by: Client, organizationId: string, invitee: Client | string, role = 'member', extra: Record<string, unknown> = {}) {
  const email = typeof invitee === 'string' ? invitee : invitee.user.email;
  const res = await by.post('/organization/invite-member', { email, role, organizationId, ...extra });
  expect(res.status).toBe(200);
  return res.body as { id: string; email: string; role: string; status: string; organizationId: string; teamId: string | null; expiresAt: string };
}

/** Makes `invitee` a member with `role` (invitation, then acceptance); answers the member. */
export async function addMember(by: Client, organizationId: string, invitee: Client, role = 'member') {
  const invitation = await invite(by, organizationId, invitee, role);
  invitee.gateway.clock.advance(1000);
  const res = await invitee.post('/organization/accept-invitation', { invitationId: invitation.id });
  expect(res.status).toBe(200);
  return res.body.member as { id: string; userId: string; role: string; organizationId: string; teamId: string | null };
}

/** The answer is the catalogued error: status, code and message. */
export function expectError(res: { status: number; body: unknown }, error: ErrorDefinition): void {
  expect({ status: res.status, body: res.body }).toEqual({ status: error.status, body: { code: error.code, message: error.message } });
}
