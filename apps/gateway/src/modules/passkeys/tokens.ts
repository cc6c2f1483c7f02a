import type { PasskeyRepository, PasskeyUseCases } from '@tend/passkeys';
import { token } from '../../di.js';

export const PASSKEYS = {
  Repository: token<PasskeyRepository>('PasskeyRepository'),
  UseCases: token<PasskeyUseCases>('PasskeyUseCases'),
} as const;
