// Domain verification's rules without HTTP: the record's name and accepted values, the tokens'
// week, the use case's outcomes on memory adapters, and the Node resolver on a loopback DNS server.
import { ManualClock, createMemoryTables, hasCode, silentLogger } from '@tend/kernel';
import { MemoryVerificationRepository, clientProviderIdOf } from '@tend/identity';
import { NodeDnsTxtLookup } from './adapters/dns/index.js';
import { DOMAIN_TOKEN_EXPIRES_IN_MS, SsoDomainTokens, domainOwnerOf, domainRecordNameOf, recordsProve } from './domain-ownership.js';
import type { SsoProvider } from './entities.js';
import type { DnsTxtLookup, DomainVerificationOutcome, SsoProviderRepository } from './ports.js';
import { startTxtServer } from './testing/index.js';
import { accountProviderIdOf } from './use-cases/sso-sign-in.js';
import { VerifySsoDomain } from './use-cases/verify-domain.js';

const provider = (patch: Partial<SsoProvider> = {}): SsoProvider => ({
  id: 'row-1',
  providerId: 'corp-1a2b',
  type: 'oidc',
  issuer: 'https://idp.example',
  domain: 'corp.example',
  domainVerified: false,
  organizationId: 'org-1',
  userId: 'user-1',
  oidc: null,
  saml: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...patch,
});

describe('the TXT record', () => {
  it('is named _better-auth-token-<providerId>.<domain> and holds the token, bare or keyed by its label', () => {
    expect(domainRecordNameOf('corp-1a2b', 'corp.example')).toBe('_better-auth-token-corp-1a2b.corp.example');
    expect(recordsProve(['v=spf1 -all', 'tok'], 'corp-1a2b', 'tok')).toBe(true);
    expect(recordsProve([' _better-auth-token-corp-1a2b=tok '], 'corp-1a2b', 'tok')).toBe(true);
    for (const values of [[], ['tok2'], ['to'], ['_better-auth-token-other=tok'], ['better-auth-token-corp-1a2b=tok'], ['tok tok']]) {
      expect(recordsProve(values, 'corp-1a2b', 'tok')).toBe(false);
    }
  });

  it('belongs to the organization, or to the registering user without one', () => {
    expect(domainOwnerOf(provider())).toBe('org-1');
    expect(domainOwnerOf(provider({ organizationId: null }))).toBe('user:user-1');
  });

  it('names an SSO account by its provider id for clients (list-accounts)', () => {
    expect(clientProviderIdOf(accountProviderIdOf('corp-1a2b'))).toBe('corp-1a2b');
    expect(clientProviderIdOf('google')).toBe('google');
  });
});

describe('domain tokens', () => {
  it('live a week, are kept per provider row, and are new once expired or discarded', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = new SsoDomainTokens(new MemoryVerificationRepository(createMemoryTables()), clock);
    const first = await tokens.issue({ id: 'row-1' });
    expect(first).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(await tokens.activeOrNew({ id: 'row-1' })).toBe(first);
    expect(await tokens.active({ id: 'row-2' })).toBeNull();
    clock.advance(DOMAIN_TOKEN_EXPIRES_IN_MS + 1);
    expect(await tokens.active({ id: 'row-1' })).toBeNull();
    const second = await tokens.activeOrNew({ id: 'row-1' });
    expect(second).not.toBe(first);
    await tokens.discard({ id: 'row-1' });
    expect(await tokens.active({ id: 'row-1' })).toBeNull();
  });
});

describe('VerifySsoDomain', () => {
  function setup(current: SsoProvider, options: { txt?: DnsTxtLookup['txt']; others?: SsoProvider[]; outcome?: DomainVerificationOutcome } = {}) {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = new SsoDomainTokens(new MemoryVerificationRepository(createMemoryTables()), clock);
    const marked: string[] = [];
    const providers: Pick<SsoProviderRepository, 'listVerifiedByDomain' | 'markDomainVerified'> = {
      listVerifiedByDomain: async () => options.others ?? [],
      markDomainVerified: async (id) => {
        marked.push(id);
        return options.outcome ?? 'verified';
      },
    };
    const asked: string[] = [];
    const dns: DnsTxtLookup = {
      txt: async (name) => {
        asked.push(name);
        return options.txt ? options.txt(name) : [];
      },
    };
    const verify = new VerifySsoDomain({ providers, managed: async () => current, tokens, dns, clock, logger: silentLogger });
    return { verify, tokens, marked, asked, clock };
  }
  const fails = async (run: Promise<unknown>, code: string) => {
    const error = await run.then(() => null, (e: unknown) => e);
    expect(hasCode(error, code)).toBe(true);
  };

  it('marks the domain verified when the record holds the token, then discards the token', async () => {
    let token = '';
    const { verify, tokens, marked, asked } = setup(provider(), { txt: async () => [token] });
    token = (await verify.request('user-1', 'corp-1a2b')).domainVerificationToken;
    await verify.verify('user-1', 'corp-1a2b');
    expect(asked).toEqual(['_better-auth-token-corp-1a2b.corp.example']);
    expect(marked).toEqual(['row-1']);
    expect(await tokens.active({ id: 'row-1' })).toBeNull();
  });

  it('answers DOMAIN_VERIFICATION_FAILED for no record, another value, and a failed look-up; never marks', async () => {
    for (const txt of [async () => [], async () => ['other'], async (): Promise<string[]> => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }))]) {
      const { verify, marked } = setup(provider(), { txt });
      await verify.request('user-1', 'corp-1a2b');
      await fails(verify.verify('user-1', 'corp-1a2b'), 'DOMAIN_VERIFICATION_FAILED');
      expect(marked).toEqual([]);
    }
  });

  it('answers NO_PENDING_VERIFICATION once the token expired, DOMAIN_VERIFIED once verified', async () => {
    const { verify, clock } = setup(provider());
    await verify.request('user-1', 'corp-1a2b');
    clock.advance(DOMAIN_TOKEN_EXPIRES_IN_MS + 1);
    await fails(verify.verify('user-1', 'corp-1a2b'), 'NO_PENDING_VERIFICATION');
    const verified = setup(provider({ domainVerified: true }));
    await fails(verified.verify.request('user-1', 'corp-1a2b'), 'DOMAIN_VERIFIED');
    await fails(verified.verify.verify('user-1', 'corp-1a2b'), 'DOMAIN_VERIFIED');
  });

  it("refuses a domain another owner verified before looking it up; the same organization's other provider is no obstacle", async () => {
    const taken = setup(provider(), { others: [provider({ id: 'row-9', providerId: 'rival', organizationId: 'org-2' })] });
    await taken.verify.request('user-1', 'corp-1a2b');
    await fails(taken.verify.verify('user-1', 'corp-1a2b'), 'DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION');
    expect(taken.asked).toEqual([]);
    let token = '';
    const sibling = setup(provider(), { others: [provider({ id: 'row-8', providerId: 'corp-saml' })], txt: async () => [token] });
    token = (await sibling.verify.request('user-1', 'corp-1a2b')).domainVerificationToken;
    await sibling.verify.verify('user-1', 'corp-1a2b');
    expect(sibling.marked).toEqual(['row-1']);
  });

  it('maps a race lost while looking up (domain changed, verified by another owner) to its answer', async () => {
    for (const [outcome, code] of [['domain-changed', 'DOMAIN_VERIFICATION_FAILED'], ['taken', 'DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION'], ['already-verified', 'DOMAIN_VERIFIED'], ['not-found', 'SSO_PROVIDER_NOT_FOUND']] as const) {
      let token = '';
      const { verify } = setup(provider(), { outcome, txt: async () => [token] });
      token = (await verify.request('user-1', 'corp-1a2b')).domainVerificationToken;
      await fails(verify.verify('user-1', 'corp-1a2b'), code);
    }
  });
});

describe('NodeDnsTxtLookup', () => {
  it('answers the TXT values of a name (several strings of one record joined), none for an unknown name', async () => {
    const server = await startTxtServer();
    try {
      server.publish('_better-auth-token-p.corp.example', ['abc', 'v=spf1 -all']);
      const lookup = new NodeDnsTxtLookup({ servers: [server.address], timeoutMs: 2000 });
      expect((await lookup.txt('_better-auth-token-p.corp.example')).sort()).toEqual(['abc', 'v=spf1 -all']);
      expect(await lookup.txt('nothing.corp.example')).toEqual([]);
      expect(server.queries).toContain('_better-auth-token-p.corp.example');
    } finally {
      await server.close();
    }
  });

  it('throws within its timeout when no name server answers', async () => {
    const server = await startTxtServer();
    const silent = server.address;
    await server.close();
    const lookup = new NodeDnsTxtLookup({ servers: [silent], timeoutMs: 300 });
    // The deadline ends it (jest's own timeout would fail the test otherwise).
    await expect(lookup.txt('_x.corp.example')).rejects.toHaveProperty('code');
  });
});
