import type { Clock } from '@tend/kernel';
import type { SignInCompletion, UserRepository, VerificationRepository } from '@tend/identity';
import { PasskeyChallenges } from './challenges.js';
import type { PasskeyRepository } from './passkey-repository.port.js';
import type { PasskeyNotices } from './ports.js';
import type { PasskeySettings } from './settings.js';
import { GenerateAuthenticationOptions, VerifyAuthentication } from './use-cases/authentication.js';
import { DeletePasskey, ListPasskeys, RenamePasskey } from './use-cases/management.js';
import { GenerateRegistrationOptions, VerifyRegistration } from './use-cases/registration.js';
import { WebAuthn } from './webauthn.js';

export interface PasskeysDeps {
  passkeys: PasskeyRepository;
  users: Pick<UserRepository, 'findById'>;
  verifications: Pick<VerificationRepository, 'create' | 'consume'>;
  completion: Pick<SignInCompletion, 'complete'>;
  notices: PasskeyNotices;
  clock: Clock;
  settings: PasskeySettings;
}

/** Every use case of passkeys, sharing one challenge store and one relying party. */
export function createPasskeys(deps: PasskeysDeps) {
  const challenges = new PasskeyChallenges(deps.verifications, deps.clock, deps.settings.challengeLifetime);
  const webauthn = new WebAuthn(deps.settings);
  return {
    generateRegistrationOptions: new GenerateRegistrationOptions(deps.passkeys, challenges, webauthn),
    verifyRegistration: new VerifyRegistration(deps.passkeys, challenges, webauthn, deps.notices, deps.clock),
    generateAuthenticationOptions: new GenerateAuthenticationOptions(challenges, webauthn),
    verifyAuthentication: new VerifyAuthentication(deps.passkeys, deps.users, challenges, webauthn, deps.completion),
    list: new ListPasskeys(deps.passkeys),
    rename: new RenamePasskey(deps.passkeys),
    remove: new DeletePasskey(deps.passkeys),
  };
}

export type PasskeyUseCases = ReturnType<typeof createPasskeys>;
