// The events identity's changes emit (docs/webhooks.md): their types, declared by the identity
// module, and their data. `data.user` is `{id, email, name}` only — never a hash, a token or
// another field a consumer has no need of.
import type { DomainEvent, EventRecorder } from '@tend/kernel';
import type { Session } from '@tend/sessions';
import type { User } from './entities.js';
import type { UserRepository } from './ports.js';
import { UserRepositoryWrapper } from './user-repository-wrapper.js';

/** The user events, with what each says (the events list of the admin console). */
export const USER_EVENT_TYPES = {
  'user.created': 'A user was created (sign-up, an administrator, a provider or a directory)',
  'user.updated': 'A user’s profile or email changed',
  'user.deleted': 'A user was deleted (sent once the user is gone)',
  'user.banned': 'A user was banned',
  'user.unbanned': 'A user’s ban was lifted',
  'user.signed_in': 'A user signed in (a new session)',
} as const;

export type UserEventType = keyof typeof USER_EVENT_TYPES;

/** `{user: {id, email, name}}`. */
export function userEvent(type: Exclude<UserEventType, 'user.signed_in'>, user: Pick<User, 'id' | 'email' | 'name'>): DomainEvent {
  return { type, data: { user: { id: user.id, email: user.email, name: user.name } } };
}

/** `{user, session: {id, ipAddress, userAgent}}`: never the session's token. */
export function signedInEvent(user: Pick<User, 'id' | 'email' | 'name'>, session: Pick<Session, 'id' | 'ipAddress' | 'userAgent'>): DomainEvent {
  return {
    type: 'user.signed_in',
    data: { user: { id: user.id, email: user.email, name: user.name }, session: { id: session.id, ipAddress: session.ipAddress ?? null, userAgent: session.userAgent ?? null } },
  };
}

/**
 * The user repository whose writes emit their events in their own transaction: create →
 * `user.created`, update → `user.banned` / `user.unbanned` when it sets `banned`, else
 * `user.updated`; delete → `user.deleted` with the user as it was.
 */
export class EventRecordingUsers extends UserRepositoryWrapper {
  constructor(
    inner: UserRepository,
    private readonly events: EventRecorder,
  ) {
    super(inner);
  }

  override create(...args: Parameters<UserRepository['create']>) {
    return this.events.record(
      () => this.inner.create(...args),
      (user) => [userEvent('user.created', user)],
    );
  }

  override update(id: string, patch: Parameters<UserRepository['update']>[1]) {
    const type = patch.banned === true ? 'user.banned' : patch.banned === false ? 'user.unbanned' : 'user.updated';
    return this.events.record(
      () => this.inner.update(id, patch),
      (user) => [userEvent(type, user)],
    );
  }

  override delete(id: string) {
    return this.events.record(
      async () => {
        const user = await this.inner.findById(id);
        await this.inner.delete(id);
        return user;
      },
      (user) => (user ? [userEvent('user.deleted', user)] : []),
    ).then(() => undefined);
  }
}
