// SCIM tests: an organization with an SSO provider (stored directly: SCIM never talks to the
// provider), its SCIM token, and requests as a directory sends them.
import { randomUUID } from 'node:crypto';
import { TOKENS } from '../../src/tokens.js';
import { BASE } from './config.js';
import type { TestGateway } from './gateway.js';
import { createOrganization } from './organizations.js';
import type { Client } from './users.js';

export const SCIM_BASE = `${BASE}/scim/v2`;
export const SCIM_USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_ERROR_URN = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** An organization owned by `owner` with an OIDC provider of its own (written to the database). */
export async function organizationWithProvider(owner: Client, name = 'Directory Clinic') {
  const organization = await createOrganization(owner, name);
  const providerId = `idp-${randomUUID().slice(0, 8)}`;
  await owner.gateway.container.get(TOKENS.Database).ssoProvider.create({
    data: { id: randomUUID(), providerId, type: 'oidc', issuer: 'https://idp.example.com', domain: 'example.com', organizationId: organization.id, userId: owner.user.id },
  });
  return { organization, providerId };
}

/** POST /scim/generate-token as `by`; answers the token (201 expected). */
export async function scimTokenFor(by: Client, providerId: string, organizationId: string): Promise<string> {
  const res = await by.post('/scim/generate-token', { providerId, organizationId });
  expect(res.status).toBe(201);
  return res.body.scimToken as string;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A request of a directory: the bearer token, `application/scim+json` bodies, no cookies, no Origin. */
export function scim(gateway: TestGateway, token: string | null, method: Method, path: string, body?: object) {
  let req = gateway.http[method](`${SCIM_BASE}${path}`);
  if (token !== null) req = req.set('Authorization', `Bearer ${token}`);
  return body === undefined ? req : req.set('Content-Type', 'application/scim+json').send(JSON.stringify(body));
}

/** A User as Okta sends it. */
export const scimUserBody = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [SCIM_USER_URN],
  userName: email,
  name: { givenName: 'Grace', familyName: 'Hopper' },
  emails: [{ primary: true, value: email, type: 'work' }],
  externalId: `ext-${randomUUID().slice(0, 8)}`,
  active: true,
  ...extra,
});

/** The SCIM error body of a status (with its scimType when given). */
export const scimErrorBody = (status: number, scimType?: string) => ({ schemas: [SCIM_ERROR_URN], status: String(status), ...(scimType ? { scimType } : {}) });
