import { ManualClock, createMemoryTables } from '@tend/kernel';
import { newUser } from './testing/users.js';
import { MemorySessionStore } from './adapters/memory/memory-session-store.js';
import { SessionIssuer } from './session-issuer.js';
import { SessionManager } from './session-manager.js';

const DAY = 86_400_000;

function setup() {
  const tables = createMemoryTables();
  const clock = new ManualClock();
  tables.users.set('u1', newUser({ id: 'u1', email: 'a@example.com', name: 'A' }, clock.now()));
  tables.users.set('u2', newUser({ id: 'u2', email: 'b@example.com', name: 'B' }, clock.now()));
  const store = new MemorySessionStore(tables);
  return { clock, manager: new SessionManager(store, clock), issuer: new SessionIssuer(store, clock), tables };
}

describe('SessionIssuer and SessionManager', () => {
  it('creates 7-day sessions with 32-character tokens, and 1-day ones without rememberMe', async () => {
    const { issuer, clock } = setup();
    const long = await issuer.create({ userId: 'u1' });
    const short = await issuer.create({ userId: 'u1', rememberMe: false });
    expect(long.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(long.expiresAt.getTime() - clock.now().getTime()).toBe(7 * DAY);
    expect(short.expiresAt.getTime() - clock.now().getTime()).toBe(DAY);
  });

  it('answers FAILED_TO_CREATE_SESSION when the store fails, keeping the store error as its cause', async () => {
    const { issuer, tables } = setup();
    class FailingStore extends MemorySessionStore {
      override create(): Promise<void> {
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
    }
    const broken = new SessionIssuer(new FailingStore(tables), new ManualClock());
    const failure = await broken.create({ userId: 'u1' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'FAILED_TO_CREATE_SESSION', status: 500 });
    expect((failure as Error).cause).toEqual(new Error('Connection terminated unexpectedly'));
    expect(await issuer.create({ userId: 'u1' })).toMatchObject({ userId: 'u1' });
  });

  it('extends a session only once it is older than the update age', async () => {
    const { manager, issuer, clock } = setup();
    const session = await issuer.create({ userId: 'u1' });
    clock.advance(DAY - 1000);
    expect((await manager.resolve(session.token))?.refreshed).toBe(false);
    clock.advance(2000);
    const resolved = await manager.resolve(session.token);
    expect(resolved?.refreshed).toBe(true);
    expect(resolved?.session.expiresAt.getTime()).toBe(clock.now().getTime() + 7 * DAY);
    expect((await manager.resolve(session.token, { dontRemember: true }))?.refreshed).toBe(false);
  });

  it('never extends an impersonation session past its fixed lifetime', async () => {
    const { manager, issuer, clock } = setup();
    const session = await issuer.create({ userId: 'u1', impersonatedBy: 'u2', expiresIn: 3600 });
    clock.advance(3000 * 1000);
    const resolved = await manager.resolve(session.token);
    expect(resolved?.refreshed).toBe(false);
    expect(resolved?.session.expiresAt).toEqual(session.expiresAt);
    clock.advance(601 * 1000);
    expect(await manager.resolve(session.token)).toBeNull();
  });

  it('never extends a session made without rememberMe, even when the caller does not say so (a bearer client)', async () => {
    const { manager, issuer, clock } = setup();
    const short = await issuer.create({ userId: 'u1', rememberMe: false });
    clock.advance(DAY / 2);
    const resolved = await manager.resolve(short.token);
    expect(resolved).toMatchObject({ refreshed: false, session: { expiresAt: short.expiresAt } });
    clock.advance(DAY / 2);
    expect(await manager.resolve(short.token)).toBeNull();
  });

  it('removes an expired session on lookup and never lists it', async () => {
    const { manager, issuer, clock, tables } = setup();
    const session = await issuer.create({ userId: 'u1', rememberMe: false });
    clock.advance(DAY);
    expect(await manager.resolve(session.token)).toBeNull();
    expect(tables.sessions.has(session.token)).toBe(false);
    expect(await manager.list('u1')).toEqual([]);
  });

  it('is fresh for one day after creation', async () => {
    const { manager, issuer, clock } = setup();
    const session = await issuer.create({ userId: 'u1' });
    expect(manager.isFresh(session)).toBe(true);
    clock.advance(DAY);
    expect(manager.isFresh(session)).toBe(false);
    expect(() => manager.requireFresh(session)).toThrow('Session is not fresh');
  });

  it('revokes only the owner\'s sessions', async () => {
    const { manager, issuer } = setup();
    const mine = await issuer.create({ userId: 'u1' });
    const theirs = await issuer.create({ userId: 'u2' });
    await expect(manager.revoke('u1', theirs.token)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    await manager.revoke('u1', mine.token);
    expect(await manager.resolve(mine.token)).toBeNull();
    expect(await manager.resolve(theirs.token)).not.toBeNull();
  });
});
