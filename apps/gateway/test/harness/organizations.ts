// Organization tests: their config, organizations and memberships made through the routes.
import { organizationsConfig, type OrganizationsConfig } from '@tend/organizations';
import type { GatewayConfig } from '../../src/index.js';
import type { Client } from './users.js';

/** Organization rules to override, and the web app's URL (invitation links). */
export type OrganizationSettings = Partial<OrganizationsConfig> & { webURL?: string };

/** The gateway config overrides of an organization test: no sign-up mail, so the outbox holds invitations only. */
export function organizationConfig(organizations: OrganizationSettings = {}, overrides: Partial<GatewayConfig> = {}): Partial<GatewayConfig> {
  const defaults = organizationsConfig();
  const { webURL, ...rules } = organizations;
  return {
    emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false },
    ...(webURL ? { webURL } : {}),
    features: { organizations: { ...defaults, ...rules, teams: { ...defaults.teams, ...rules.teams } } },
    ...overrides,
  };
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
