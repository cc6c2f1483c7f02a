import { raise } from '@tend/kernel';
import type { SignInClient, SignInCompletion, SignInOutcome, UserRepository } from '@tend/identity';
import type { PasskeyChallenges } from '../challenges.js';
import { PASSKEY_ERRORS, PASSKEY_SIGN_IN_ERRORS } from '../error-codes.js';
import type { PasskeyRepository } from '../passkey-repository.port.js';
import type { AuthenticationResponseJSON, AuthenticationOptions, WebAuthn } from '../webauthn.js';

/** Request options for signing in with any passkey (discoverable credentials), and the token of their challenge. */
export class GenerateAuthenticationOptions {
  constructor(
    private readonly challenges: PasskeyChallenges,
    private readonly webauthn: WebAuthn,
  ) {}

  async execute(): Promise<{ options: AuthenticationOptions; token: string }> {
    // No allowed list: whoever asks learns nothing of anyone's passkeys.
    const options = await this.webauthn.authenticationOptions();
    const token = await this.challenges.issue(options.challenge, { kind: 'authentication' });
    return { options, token };
  }
}

export interface VerifyAuthenticationInput {
  token: string | null;
  response: AuthenticationResponseJSON;
  client: SignInClient;
}

/**
 * Signs in with a passkey through the one sign-in completion. The challenge must be this
 * browser's and unused (400 CHALLENGE_NOT_FOUND); the credential must be registered (401
 * PASSKEY_NOT_FOUND); the assertion must verify against the challenge, origin, rp id and the
 * stored key, with a signature counter above the stored one when either is non-zero (401
 * AUTHENTICATION_FAILED). The proof is `passkey`, plus `user-verification` when the
 * authenticator verified the person (PIN, biometric): two factors, which no second-factor
 * policy needs to challenge.
 */
export class VerifyAuthentication {
  constructor(
    private readonly passkeys: PasskeyRepository,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly challenges: PasskeyChallenges,
    private readonly webauthn: WebAuthn,
    private readonly completion: Pick<SignInCompletion, 'complete'>,
  ) {}

  async execute(input: VerifyAuthenticationInput): Promise<SignInOutcome> {
    const stored = await this.challenges.take(input.token);
    if (!stored || stored.purpose.kind !== 'authentication') throw raise(PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
    const passkey = await this.passkeys.findByCredentialId(input.response.id);
    const user = passkey ? await this.users.findById(passkey.userId) : null;
    if (!passkey || !user) throw raise(PASSKEY_SIGN_IN_ERRORS.PASSKEY_NOT_FOUND);
    const assertion = await this.webauthn.verifyAuthentication(input.response, stored.challenge, passkey);
    if (!assertion) throw raise(PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED);
    // Of two sign-ins presenting one counter value, one wins; a passkey deleted meanwhile is gone.
    if (!(await this.passkeys.advanceCounter(passkey.id, passkey.counter, assertion.newCounter))) throw raise(PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED);
    return this.completion.complete({
      user,
      method: 'passkey',
      factors: assertion.userVerified ? ['passkey', 'user-verification'] : ['passkey'],
      client: input.client,
    });
  }
}
