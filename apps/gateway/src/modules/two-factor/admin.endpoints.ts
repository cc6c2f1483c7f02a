// The administrator's side of the second factor: a reset for someone who lost their device, and
// the clearing of the per-account lockout on wrong answers. Both need user set-password.
import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS } from '@tend/identity';
import { endpoint } from '../../http/endpoint.js';
import { adminAuth, deniedOf } from '../admin/guard.js';
import { TWO_FACTOR } from './tokens.js';

const tags = ['Admin'];

export const resetTwoFactor = endpoint({
  ...routes.resetTwoFactor,
  summary: "Reset a user's two-factor authentication",
  description:
    'For a user who lost their device: removes the enrolment, backup codes and trusted devices, turns two-factor off, lifts any lockout, ends every session of the user and mails a notice.',
  tags,
  auth: adminAuth('set-user-password'),
  errors: [deniedOf('set-user-password'), IDENTITY_ERRORS.USER_NOT_FOUND],
  audit: (outcome, { auth, body }) => (outcome.ok && auth ? { action: 'two-factor.reset', actorId: auth.user.id, targetUserId: body.userId } : null),
  deps: { reset: TWO_FACTOR.Reset },
  async handler({ deps, body }) {
    await deps.reset.execute({ userId: body.userId });
    return { status: true };
  },
});

export const clearTwoFactorLockout = endpoint({
  ...routes.clearTwoFactorLockout,
  summary: "Clear a user's second-factor lockout",
  description:
    'Lifts the per-account limit on wrong second-factor answers (429 ACCOUNT_TEMPORARILY_LOCKED): the person may answer again at once, with a fresh allowance of 10. `wasLocked`: answers were being refused.',
  tags,
  auth: adminAuth('set-user-password'),
  errors: [deniedOf('set-user-password'), IDENTITY_ERRORS.USER_NOT_FOUND],
  audit: (outcome, { auth, body }) =>
    outcome.ok && auth
      ? { action: 'two-factor.lockout-cleared', actorId: auth.user.id, targetUserId: body.userId, detail: { wasLocked: (outcome.result as { wasLocked: boolean }).wasLocked } }
      : null,
  deps: { clear: TWO_FACTOR.ClearLockout },
  async handler({ deps, body }) {
    const { wasLocked } = await deps.clear.execute({ userId: body.userId });
    return { status: true, wasLocked };
  },
});
