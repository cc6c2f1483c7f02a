import { ManualClock, createMemoryTables } from '@tend/kernel';
import { newUser } from './testing/users.js';
import { MemoryRevocationRegistry } from './adapters/memory/memory-revocation-registry.js';
import { MemorySessionStore } from './adapters/memory/memory-session-store.js';
import { RevocationRecordingSessionStore } from './revocation-recording-session-store.js';
import { SessionIssuer } from './session-issuer.js';
import { SessionManager } from './session-manager.js';

function setup() {
  const tables = createMemoryTables();
  const clock = new ManualClock();
  for (const id of ['u1', 'u2']) tables.users.set(id, newUser({ id, email: `${id}@example.com`, name: id }, clock.now()));
  const registry = new MemoryRevocationRegistry(clock, { retainMs: 300_000 });
  const store = new RevocationRecordingSessionStore(new MemorySessionStore(tables), registry, clock);
  const manager = new SessionManager(store, clock);
  const issuer = new SessionIssuer(store, clock);
  // A copy of a session cached by the cookie cache a moment ago.
  const copyOf = (token: string, userId: string) => registry.isRevoked(token, userId, new Date(clock.now().getTime() - 1));
  return { clock, manager, issuer, registry, copyOf };
}

describe('RevocationRecordingSessionStore', () => {
  it('marks a signed-out session (delete), and no other', async () => {
    const { manager, issuer, copyOf } = setup();
    const [gone, kept] = [await issuer.create({ userId: 'u1' }), await issuer.create({ userId: 'u1' })];
    await manager.delete(gone.token);
    expect(await copyOf(gone.token, 'u1')).toBe(true);
    expect(await copyOf(kept.token, 'u1')).toBe(false);
  });

  it('marks a session revoked by its owner, and nothing when the revocation is refused', async () => {
    const { manager, issuer, copyOf } = setup();
    const [mine, theirs] = [await issuer.create({ userId: 'u1' }), await issuer.create({ userId: 'u2' })];
    await expect(manager.revoke('u1', theirs.token)).rejects.toMatchObject({ status: 400, code: 'SESSION_NOT_FOUND' });
    expect(await copyOf(theirs.token, 'u2')).toBe(false);
    await manager.revoke('u1', mine.token);
    expect(await copyOf(mine.token, 'u1')).toBe(true);
  });

  it("marks the user on revoke-all (ban, password reset) and revoke-others (password change): every earlier copy of the user's sessions is refused", async () => {
    const { manager, issuer, copyOf, clock } = setup();
    const [a, b] = [await issuer.create({ userId: 'u1' }), await issuer.create({ userId: 'u1' })];
    const other = await issuer.create({ userId: 'u2' });
    await manager.revokeOthers('u1', a.token);
    expect(await copyOf(b.token, 'u1')).toBe(true);
    // The kept session's old copy is refused too: it is read from the store once and cached anew.
    expect(await copyOf(a.token, 'u1')).toBe(true);
    expect(await manager.resolve(a.token)).not.toBeNull();
    clock.advance(1000);
    expect(await copyOf(a.token, 'u1')).toBe(false);
    await manager.revokeAll('u1');
    expect(await copyOf(a.token, 'u1')).toBe(true);
    expect(await copyOf(other.token, 'u2')).toBe(false);
  });

  it('marks nothing when expired sessions are swept', async () => {
    const { manager, issuer, copyOf, clock } = setup();
    const session = await issuer.create({ userId: 'u1', rememberMe: false });
    clock.advance(86_400_000);
    expect(await manager.list('u1')).toEqual([]);
    expect(await copyOf(session.token, 'u1')).toBe(false);
  });
});
