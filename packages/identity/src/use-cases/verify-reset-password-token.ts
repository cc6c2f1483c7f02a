import type { Clock } from '@tend/kernel';
import type { VerificationRepository } from '../ports.js';
import { isResetPasswordToken, resetPasswordIdentifier } from '../verification-values.js';

/** GET /reset-password/{token}: is this a live reset token? It is not consumed here. */
export class VerifyResetPasswordToken {
  constructor(private readonly deps: { verifications: Pick<VerificationRepository, 'findByIdentifier'>; clock: Clock }) {}

  async execute(token: string): Promise<boolean> {
    if (!isResetPasswordToken(token)) return false;
    return (await this.deps.verifications.findByIdentifier(resetPasswordIdentifier(token), this.deps.clock.now())) !== null;
  }
}
