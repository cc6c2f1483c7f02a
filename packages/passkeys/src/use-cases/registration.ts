import { raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { PasskeyChallenges } from '../challenges.js';
import { PASSKEY_ERRORS } from '../error-codes.js';
import type { Passkey } from '../passkey.js';
import type { PasskeyRepository } from '../passkey-repository.port.js';
import type { PasskeyNotices } from '../ports.js';
import type { RegistrationOptions, RegistrationResponseJSON, WebAuthn } from '../webauthn.js';

/** Creation options for a new passkey of the signed-in user, and the token of their challenge (for the browser's cookie). */
export class GenerateRegistrationOptions {
  constructor(
    private readonly passkeys: PasskeyRepository,
    private readonly challenges: PasskeyChallenges,
    private readonly webauthn: WebAuthn,
  ) {}

  async execute(input: { user: User }): Promise<{ options: RegistrationOptions; token: string }> {
    // The user's passkeys are excluded, so one authenticator is not registered twice.
    const options = await this.webauthn.registrationOptions(input.user, await this.passkeys.listByUser(input.user.id));
    const token = await this.challenges.issue(options.challenge, { kind: 'registration', userId: input.user.id });
    return { options, token };
  }
}

export interface VerifyRegistrationInput {
  user: User;
  /** The token of the browser's challenge cookie (null: none, or forged). */
  token: string | null;
  response: RegistrationResponseJSON;
  name?: string | null;
}

/**
 * Stores the passkey of a registration answer: its challenge must be this browser's, issued to
 * this user (400 CHALLENGE_NOT_FOUND), and the answer must verify against it, the origin and
 * the rp id (400 FAILED_TO_VERIFY_REGISTRATION, nothing stored). The challenge is spent either way.
 */
export class VerifyRegistration {
  constructor(
    private readonly passkeys: PasskeyRepository,
    private readonly challenges: PasskeyChallenges,
    private readonly webauthn: WebAuthn,
    private readonly notices: PasskeyNotices,
    private readonly clock: Clock,
    private readonly newId: IdGenerator = uuid,
  ) {}

  async execute(input: VerifyRegistrationInput): Promise<Passkey> {
    const stored = await this.challenges.take(input.token);
    if (!stored || stored.purpose.kind !== 'registration' || stored.purpose.userId !== input.user.id) throw raise(PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
    const credential = await this.webauthn.verifyRegistration(input.response, stored.challenge);
    if (!credential) throw raise(PASSKEY_ERRORS.FAILED_TO_VERIFY_REGISTRATION);
    const passkey: Passkey = { id: this.newId(), name: input.name?.trim() || null, userId: input.user.id, ...credential, createdAt: this.clock.now() };
    // A credential registered already (by anyone) is not stored twice.
    if (!(await this.passkeys.create(passkey))) throw raise(PASSKEY_ERRORS.FAILED_TO_VERIFY_REGISTRATION);
    this.notices.added(input.user, passkey);
    return passkey;
  }
}
