import { raise } from '@tend/kernel';
import { IDENTITY_ERRORS, type UserRepository } from '@tend/identity';
import type { SecondFactorLockout } from '../lockout.js';
import type { TwoFactor } from '../two-factor.js';

/**
 * POST /admin/reset-two-factor, for a user who lost their device: the enrolment, backup codes
 * and trusted devices go, two-factor turns off (the notice is mailed when it was on), any lockout
 * is lifted and every session of the user ends. 404 USER_NOT_FOUND.
 */
export class ResetTwoFactor {
  constructor(
    private readonly deps: {
      users: Pick<UserRepository, 'findById'>;
      twoFactor: Pick<TwoFactor, 'isEnrolled' | 'turnOff'>;
      lockout: Pick<SecondFactorLockout, 'clear'>;
      sessions: { revokeAll(userId: string): Promise<unknown> };
    },
  ) {}

  async execute(input: { userId: string }): Promise<{ wasOn: boolean }> {
    const { users, twoFactor, lockout, sessions } = this.deps;
    const user = await users.findById(input.userId);
    if (!user) throw raise(IDENTITY_ERRORS.USER_NOT_FOUND);
    const wasOn = user.twoFactorEnabled || (await twoFactor.isEnrolled(user.id));
    if (wasOn) await twoFactor.turnOff(user, true);
    await lockout.clear(user.id);
    await sessions.revokeAll(user.id);
    return { wasOn };
  }
}
