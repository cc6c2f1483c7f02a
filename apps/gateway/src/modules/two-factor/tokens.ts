import type { ChallengePolicy } from '@tend/identity';
import type { TwoFactor, TwoFactorRepository } from '@tend/two-factor';
import { token } from '../../di.js';

export const TWO_FACTOR = {
  Repository: token<TwoFactorRepository>('TwoFactorRepository'),
  Service: token<TwoFactor>('TwoFactor'),
  Policy: token<ChallengePolicy>('TwoFactorPolicy'),
} as const;
