import type { Container } from 'inversify';
import type { SessionChanges } from '@tend/sessions';
import { ADMIN } from './tokens.js';

/** Removing a user deletes their sessions by cascade, unseen by the session store: tell the caches and revocations. */
export function adminSessionWrites(c: Container, changes: SessionChanges): void {
  c.onActivation(ADMIN.AdminUserDirectory, (_, directory) => ({
    list: (query) => directory.list(query),
    async remove(userId) {
      const removed = await directory.remove(userId);
      if (removed) await changes.userDeleted(userId);
      return removed;
    },
  }));
}
