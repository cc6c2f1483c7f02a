import type { UserRepository } from './ports.js';

/**
 * A user repository that hands every call to another: the base of the wrappers that add
 * something to its writes (the session caches' `ObservedUsers`, webhooks' `EventRecordingUsers`),
 * which override only the writes they watch.
 */
export class UserRepositoryWrapper implements UserRepository {
  constructor(protected readonly inner: UserRepository) {}

  findById(id: string) {
    return this.inner.findById(id);
  }

  findByEmail(email: string) {
    return this.inner.findByEmail(email);
  }

  findByUsername(username: string) {
    return this.inner.findByUsername(username);
  }

  findByIds(ids: readonly string[]) {
    return this.inner.findByIds(ids);
  }

  create(...args: Parameters<UserRepository['create']>) {
    return this.inner.create(...args);
  }

  update(id: string, patch: Parameters<UserRepository['update']>[1]) {
    return this.inner.update(id, patch);
  }

  delete(id: string) {
    return this.inner.delete(id);
  }
}
