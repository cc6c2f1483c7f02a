import { raise } from '@tend/kernel';
import { IDENTITY_ERRORS, type UserRepository } from '@tend/identity';
import type { SecondFactorLockout } from '../lockout.js';

/**
 * POST /admin/clear-two-factor-lockout: an administrator lifts the per-account limit on wrong
 * second-factor answers (the person may answer again at once, with a fresh allowance of 10).
 * 404 USER_NOT_FOUND. Answers whether a lock was in force.
 */
export class ClearTwoFactorLockout {
  constructor(private readonly deps: { users: Pick<UserRepository, 'findById'>; lockout: Pick<SecondFactorLockout, 'state' | 'clear'> }) {}

  async execute(input: { userId: string }): Promise<{ wasLocked: boolean; answers: number }> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) throw raise(IDENTITY_ERRORS.USER_NOT_FOUND);
    const { answers, lockedUntil } = await this.deps.lockout.state(user.id);
    await this.deps.lockout.clear(user.id);
    return { wasLocked: lockedUntil !== null, answers };
  }
}
