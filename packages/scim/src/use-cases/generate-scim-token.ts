import { raise, randomToken, sha256Hex, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { SCIM_ERRORS } from '../error-codes.js';
import type { ScimMemberships, ScimProviders, ScimTokenRepository } from '../ports.js';

/** The roles that may provision an organization's directory. */
export const SCIM_MANAGER_ROLES: readonly string[] = ['owner', 'admin'];
/** Random characters of a token (after its `scim_` prefix): ~285 bits, so a fast hash stores it. */
const TOKEN_LENGTH = 48;

/** 403 unless the user is an owner or admin of the organization. */
async function assertScimManager(memberships: Pick<ScimMemberships, 'roleOf'>, organizationId: string, userId: string): Promise<void> {
  const role = await memberships.roleOf(organizationId, userId);
  if (!role || !role.split(',').some((r) => SCIM_MANAGER_ROLES.includes(r.trim()))) throw raise(SCIM_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING);
}

export interface GenerateScimTokenDeps {
  tokens: Pick<ScimTokenRepository, 'replace'>;
  memberships: Pick<ScimMemberships, 'roleOf'>;
  providers: ScimProviders;
  clock: Clock;
  newId?: IdGenerator;
}

/**
 * Makes the SCIM token of an organization's SSO provider, for its owner or admin (403 for anyone
 * else; a provider of another organization is 404). Answered once; only its SHA-256 is stored,
 * replacing the pair's previous token, which stops working at once.
 */
export class GenerateScimToken {
  constructor(private readonly deps: GenerateScimTokenDeps) {}

  async execute(input: { userId: string; providerId: string; organizationId: string }): Promise<{ scimToken: string }> {
    await assertScimManager(this.deps.memberships, input.organizationId, input.userId);
    if (!(await this.deps.providers.belongsTo(input.providerId, input.organizationId))) throw raise(SCIM_ERRORS.SCIM_PROVIDER_NOT_FOUND);
    const scimToken = `scim_${randomToken(TOKEN_LENGTH)}`;
    await this.deps.tokens.replace({
      id: (this.deps.newId ?? uuid)(),
      organizationId: input.organizationId,
      providerId: input.providerId,
      hash: sha256Hex(scimToken),
      createdBy: input.userId,
      createdAt: this.deps.clock.now(),
    });
    return { scimToken };
  }
}

/** What may be shown of a token once made: never the token or its hash. */
export interface ScimTokenInfo {
  providerId: string;
  organizationId: string;
  createdAt: Date;
}

export interface ListScimTokensDeps {
  tokens: Pick<ScimTokenRepository, 'listByOrganization'>;
  memberships: Pick<ScimMemberships, 'roleOf'>;
}

/**
 * Which of an organization's providers have a SCIM token and when it was made, for its owner or
 * admin (403 for anyone else), so a page can say "made on …" without ever showing the token again.
 */
export class ListScimTokens {
  constructor(private readonly deps: ListScimTokensDeps) {}

  async execute(input: { userId: string; organizationId: string }): Promise<{ tokens: ScimTokenInfo[] }> {
    await assertScimManager(this.deps.memberships, input.organizationId, input.userId);
    const tokens = await this.deps.tokens.listByOrganization(input.organizationId);
    return { tokens: tokens.map((t) => ({ providerId: t.providerId, organizationId: t.organizationId, createdAt: t.createdAt })) };
  }
}
