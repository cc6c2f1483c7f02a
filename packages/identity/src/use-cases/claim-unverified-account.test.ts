import { ManualClock, createMemoryTables } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser } from '../entities.js';
import { MemorySessionStore, SessionManager } from '@tend/sessions';
import { SessionIssuer } from '@tend/sessions/issuer';
import { MemoryAccountRepository } from '../adapters/memory/memory-account-repository.js';
import { MemoryUserRepository } from '../adapters/memory/memory-user-repository.js';
import { ClaimUnverifiedAccount, type AccountClaimedEvent } from './claim-unverified-account.js';

async function setup() {
  const tables = createMemoryTables();
  const clock = new ManualClock();
  const users = new MemoryUserRepository(tables);
  const accounts = new MemoryAccountRepository(tables);
  const store = new MemorySessionStore(tables);
  const sessions = new SessionManager(store, clock);
  const issuer = new SessionIssuer(store, clock);
  const now = clock.now();
  const squatted = newUser({ id: 'u1', email: 'ada@example.com', name: 'Not Ada' }, now);
  await users.create(squatted, newAccount({ id: 'a1', accountId: 'u1', providerId: CREDENTIAL_PROVIDER, userId: 'u1', password: 'hash' }, now));
  await accounts.create(newAccount({ id: 'a2', accountId: 'sp-1', providerId: 'spotify', userId: 'u1' }, now));
  const bystander = newUser({ id: 'u2', email: 'grace@example.com', name: 'Grace' }, now);
  await users.create(bystander, newAccount({ id: 'a3', accountId: 'u2', providerId: CREDENTIAL_PROVIDER, userId: 'u2', password: 'hash' }, now));
  return { accounts, sessions, issuer };
}

describe('ClaimUnverifiedAccount', () => {
  it('removes the password and every linked account, ends every session, revokes other credentials, and reports it', async () => {
    const { accounts, sessions, issuer } = await setup();
    const theirs = await issuer.create({ userId: 'u1' });
    const other = await issuer.create({ userId: 'u2' });
    const revokedKeys: string[] = [];
    const events: AccountClaimedEvent[] = [];
    const claim = new ClaimUnverifiedAccount({
      accounts,
      sessions,
      credentials: [{ kind: 'api-keys', revokeAllOf: async (userId) => (revokedKeys.push(userId), 2) }],
      audit: { accountClaimed: (event) => events.push(event) },
    });
    const event = await claim.execute({ userId: 'u1', method: 'social', provider: 'google', ipAddress: '203.0.113.9' });
    expect(await accounts.listByUser('u1')).toEqual([]);
    expect(await sessions.resolve(theirs.token)).toBeNull();
    expect(revokedKeys).toEqual(['u1']);
    expect(event).toEqual({ userId: 'u1', method: 'social', provider: 'google', unlinked: ['credential', 'spotify'], revoked: ['sessions', 'api-keys'], ipAddress: '203.0.113.9', userAgent: null });
    expect(events).toEqual([event]);
    // Nobody else's.
    expect(await accounts.findCredential('u2')).not.toBeNull();
    expect(await sessions.resolve(other.token)).not.toBeNull();
  });
});
