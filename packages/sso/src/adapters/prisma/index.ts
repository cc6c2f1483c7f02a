// The SSO tables: sso_provider and sso_assertion. Organizations, members, users and the audit
// log are read through their own packages' ports (see package-ports.ts), never from here.
import type { Database } from '@tend/database';
import { isNotFound, isUniqueViolation } from '@tend/database';
import { domainOwnerOf } from '../../domain-ownership.js';
import type { SsoProvider, StoredOidcConfig, StoredSamlConfig } from '../../entities.js';
import type { AssertionLedger, DomainVerificationOutcome, SsoProviderRepository } from '../../ports.js';

type Row = {
  id: string;
  providerId: string;
  type: string;
  issuer: string;
  domain: string;
  domainVerified: boolean;
  organizationId: string | null;
  userId: string;
  oidcConfig: string | null;
  samlConfig: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toProvider(row: Row): SsoProvider {
  return {
    id: row.id,
    providerId: row.providerId,
    type: row.type === 'saml' ? 'saml' : 'oidc',
    issuer: row.issuer,
    domain: row.domain,
    domainVerified: row.domainVerified,
    organizationId: row.organizationId,
    userId: row.userId,
    oidc: row.oidcConfig ? (JSON.parse(row.oidcConfig) as StoredOidcConfig) : null,
    saml: row.samlConfig ? (JSON.parse(row.samlConfig) as StoredSamlConfig) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
/** Where a sign-in routes among several providers: a verified one first, then the oldest. */
const ROUTING_ORDER = [{ domainVerified: 'desc' as const }, ...ORDER];

export class PrismaSsoProviderRepository implements SsoProviderRepository {
  constructor(private readonly db: Database) {}

  async create(provider: SsoProvider): Promise<{ ok: true; value: SsoProvider } | { ok: false; reason: 'duplicate' }> {
    try {
      const row = await this.db.ssoProvider.create({
        data: {
          id: provider.id,
          providerId: provider.providerId,
          type: provider.type,
          issuer: provider.issuer,
          domain: provider.domain,
          domainVerified: provider.domainVerified,
          organizationId: provider.organizationId,
          userId: provider.userId,
          oidcConfig: provider.oidc ? JSON.stringify(provider.oidc) : null,
          samlConfig: provider.saml ? JSON.stringify(provider.saml) : null,
          createdAt: provider.createdAt,
          updatedAt: provider.updatedAt,
        },
      });
      return { ok: true, value: toProvider(row) };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
      throw error;
    }
  }

  async findByProviderId(providerId: string): Promise<SsoProvider | null> {
    const row = await this.db.ssoProvider.findUnique({ where: { providerId } });
    return row ? toProvider(row) : null;
  }

  async findByDomain(domain: string): Promise<SsoProvider | null> {
    const row = await this.db.ssoProvider.findFirst({ where: { domain }, orderBy: ROUTING_ORDER });
    return row ? toProvider(row) : null;
  }

  async listVerifiedByDomain(domain: string): Promise<SsoProvider[]> {
    return (await this.db.ssoProvider.findMany({ where: { domain, domainVerified: true }, orderBy: ORDER })).map(toProvider);
  }

  async findByOrganization(organizationId: string): Promise<SsoProvider | null> {
    const row = await this.db.ssoProvider.findFirst({ where: { organizationId }, orderBy: ROUTING_ORDER });
    return row ? toProvider(row) : null;
  }

  async listManageable(userId: string, organizationIds: readonly string[]): Promise<SsoProvider[]> {
    const rows = await this.db.ssoProvider.findMany({ where: { OR: [{ organizationId: { in: [...organizationIds] } }, { organizationId: null, userId }] }, orderBy: ORDER });
    return rows.map(toProvider);
  }

  async update(id: string, patch: Partial<Pick<SsoProvider, 'domain' | 'domainVerified' | 'issuer' | 'oidc' | 'saml' | 'updatedAt'>>): Promise<SsoProvider | null> {
    try {
      const row = await this.db.ssoProvider.update({
        where: { id },
        data: {
          ...(patch.domain !== undefined ? { domain: patch.domain } : {}),
          ...(patch.domainVerified !== undefined ? { domainVerified: patch.domainVerified } : {}),
          ...(patch.issuer !== undefined ? { issuer: patch.issuer } : {}),
          ...(patch.oidc !== undefined ? { oidcConfig: patch.oidc ? JSON.stringify(patch.oidc) : null } : {}),
          ...(patch.saml !== undefined ? { samlConfig: patch.saml ? JSON.stringify(patch.saml) : null } : {}),
          ...(patch.updatedAt !== undefined ? { updatedAt: patch.updatedAt } : {}),
        },
      });
      return toProvider(row);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async markDomainVerified(id: string, domain: string, now: Date): Promise<DomainVerificationOutcome> {
    return this.db.$transaction(async (tx) => {
      // One domain's verifications queue here (two owners racing: one wins); the row lock orders this against a change of domain.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sso-domain:${domain}`}))`;
      const [row] = await tx.$queryRaw<Row[]>`SELECT * FROM "sso_provider" WHERE id = ${id} FOR UPDATE`;
      if (!row) return 'not-found';
      if (row.domain !== domain) return 'domain-changed';
      if (row.domainVerified) return 'already-verified';
      const owner = domainOwnerOf(row);
      const holders = await tx.ssoProvider.findMany({ where: { domain, domainVerified: true }, select: { organizationId: true, userId: true } });
      if (holders.some((holder) => domainOwnerOf(holder) !== owner)) return 'taken';
      await tx.ssoProvider.update({ where: { id }, data: { domainVerified: true, updatedAt: now } });
      return 'verified';
    }, TRANSACTION_OPTIONS);
  }

  async delete(id: string): Promise<boolean> {
    const { count } = await this.db.ssoProvider.deleteMany({ where: { id } });
    return count > 0;
  }
}

/** How long the verification's transaction may wait for a connection and run. */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

/** Consumed assertion ids: the primary key makes the first insert the only winner. */
export class PrismaAssertionLedger implements AssertionLedger {
  constructor(private readonly db: Database) {}

  async remember(key: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.db.ssoAssertion.create({ data: { id: key, expiresAt } });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async deleteExpired(now: Date): Promise<number> {
    const { count } = await this.db.ssoAssertion.deleteMany({ where: { expiresAt: { lt: now } } });
    return count;
  }
}
