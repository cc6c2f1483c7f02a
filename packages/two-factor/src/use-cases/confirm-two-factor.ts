import { raise } from '@tend/kernel';
import type { SignInClient, User } from '@tend/identity';
import { TWO_FACTOR_ERRORS } from '../error-codes.js';
import type { TwoFactor } from '../two-factor.js';
import type { TwoFactorEvents } from './events.js';

/**
 * POST /two-factor/verify-totp with a session (no pending sign-in): checks the code of the
 * user's enrolment; the first valid one turns two-factor on (recorded). A wrong code is 401
 * INVALID_CODE (recorded); without an enrolment 400 TWO_FACTOR_NOT_ENABLED.
 */
export class ConfirmTwoFactor {
  constructor(private readonly deps: { twoFactor: Pick<TwoFactor, 'fresh' | 'isEnrolled' | 'checkTotp' | 'turnOn'>; events: TwoFactorEvents }) {}

  async execute(input: { user: User; code: string; client: SignInClient | null }): Promise<{ user: User; turnedOn: boolean }> {
    const { twoFactor, events } = this.deps;
    const user = await twoFactor.fresh(input.user);
    if (!(await twoFactor.isEnrolled(user.id))) throw raise(TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
    if (!(await twoFactor.checkTotp(user, input.code))) {
      events.record({ action: 'two-factor.failure', actorId: null, targetUserId: user.id, client: input.client, detail: { method: 'totp', reason: 'WRONG_CODE' } });
      throw raise(TWO_FACTOR_ERRORS.INVALID_CODE);
    }
    if (user.twoFactorEnabled) return { user, turnedOn: false };
    const on = await twoFactor.turnOn(user);
    events.record({ action: 'two-factor.enabled', actorId: user.id, targetUserId: user.id, client: input.client });
    return { user: on, turnedOn: true };
  }
}
