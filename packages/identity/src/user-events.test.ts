import { createMemoryTables, type DomainEvent, type EventRecorder } from '@tend/kernel';
import { MemoryUserRepository } from './adapters/memory/memory-user-repository.js';
import { newUser } from './entities.js';
import { EventRecordingUsers, signedInEvent } from './user-events.js';

/** A recorder that keeps the events of the changes that succeeded. */
function recorder(): EventRecorder & { events: DomainEvent[] } {
  const events: DomainEvent[] = [];
  return {
    events,
    async record(work, toEvents) {
      const result = await work();
      events.push(...toEvents(result));
      return result;
    },
  };
}

describe('EventRecordingUsers', () => {
  const now = new Date('2026-11-29T10:00:00Z');

  it('emits user.created, user.updated, user.banned, user.unbanned and user.deleted with {id, email, name} only', async () => {
    const events = recorder();
    const users = new EventRecordingUsers(new MemoryUserRepository(createMemoryTables()), events);
    await users.create(newUser({ id: 'u1', email: 'mira@example.com', name: 'Mira' }, now));
    await users.update('u1', { name: 'Mira Calm' });
    await users.update('u1', { banned: true, banReason: 'spam' });
    await users.update('u1', { banned: false });
    await users.delete('u1');
    await users.delete('u1');
    expect(events.events).toEqual([
      { type: 'user.created', data: { user: { id: 'u1', email: 'mira@example.com', name: 'Mira' } } },
      { type: 'user.updated', data: { user: { id: 'u1', email: 'mira@example.com', name: 'Mira Calm' } } },
      { type: 'user.banned', data: { user: { id: 'u1', email: 'mira@example.com', name: 'Mira Calm' } } },
      { type: 'user.unbanned', data: { user: { id: 'u1', email: 'mira@example.com', name: 'Mira Calm' } } },
      { type: 'user.deleted', data: { user: { id: 'u1', email: 'mira@example.com', name: 'Mira Calm' } } },
    ]);
  });

  it('emits nothing for a write that fails', async () => {
    const events = recorder();
    const users = new EventRecordingUsers(new MemoryUserRepository(createMemoryTables()), events);
    await users.create(newUser({ id: 'u1', email: 'mira@example.com', name: 'Mira' }, now));
    await expect(users.create(newUser({ id: 'u2', email: 'mira@example.com', name: 'Copy' }, now))).rejects.toMatchObject({ code: 'USER_ALREADY_EXISTS' });
    expect(events.events.map((event) => event.type)).toEqual(['user.created']);
  });

  it('puts the session of user.signed_in without its token', () => {
    const event = signedInEvent({ id: 'u1', email: 'mira@example.com', name: 'Mira' }, { id: 's1', ipAddress: '203.0.113.9', userAgent: 'MoodApp/1.0', token: 'secret-token' } as never);
    expect(event).toEqual({ type: 'user.signed_in', data: { user: { id: 'u1', email: 'mira@example.com', name: 'Mira' }, session: { id: 's1', ipAddress: '203.0.113.9', userAgent: 'MoodApp/1.0' } } });
  });
});
