import type { Container } from 'inversify';
import { userEvent } from '@tend/identity';
import type { EventRecorder } from '@tend/kernel';
import { PLATFORM } from '../../platform.js';
import { ADMIN } from './tokens.js';

/** An administrator's removal of a user emits identity's `user.deleted`, in the removal's transaction. */
export function adminEventWrites(c: Container, events: EventRecorder): void {
  c.onActivation(ADMIN.AdminUserDirectory, (_, directory) => ({
    list: (query) => directory.list(query),
    remove: (userId) =>
      events
        .record(
          async () => {
            const user = await c.get(PLATFORM.UserRepository).findById(userId);
            return (await directory.remove(userId)) ? user : null;
          },
          (user) => (user ? [userEvent('user.deleted', user)] : []),
        )
        .then((user) => user !== null),
  }));
}
