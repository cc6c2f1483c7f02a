// The one file that speaks WebAuthn, through @simplewebauthn/server: options and verification,
// with every failure of a response (malformed, wrong challenge, origin, rp id, signature,
// counter) turned into null, so callers answer their own error and never a 500.
import type * as SimpleWebAuthnServer from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey } from './passkey.js';
import type { PasskeySettings } from './settings.js';

export type { AuthenticationResponseJSON, RegistrationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON };

type SimpleWebAuthn = typeof SimpleWebAuthnServer;
let library: Promise<SimpleWebAuthn> | undefined;
/**
 * @simplewebauthn/server (and its X.509/ASN.1 parsers, ~20 MB of a process's memory) loads on the
 * first passkey ceremony, not at start: most deployments never see one.
 */
function simpleWebAuthn(): Promise<SimpleWebAuthn> {
  library ??= import('@simplewebauthn/server');
  return library;
}

/** The algorithms offered: ES256 first, then RS256 (COSE ids). */
export const SUPPORTED_ALGORITHMS = [-7, -257] as const;
/** Milliseconds the browser waits for the person. */
const TIMEOUT = 60_000;

/** Creation options with the relying party's id always set. */
export type RegistrationOptions = PublicKeyCredentialCreationOptionsJSON & { rp: { id: string; name: string }; attestation: 'none' };
/** Request options with the relying party's id always set. */
export type AuthenticationOptions = PublicKeyCredentialRequestOptionsJSON & { rpId: string };

export interface RegisteredCredential {
  credentialID: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  aaguid: string | null;
}

export interface VerifiedAssertion {
  newCounter: number;
  userVerified: boolean;
  deviceType: string;
  backedUp: boolean;
}

export class WebAuthn {
  constructor(private readonly settings: PasskeySettings) {}

  async registrationOptions(user: { id: string; email: string; name: string }, exclude: readonly Passkey[]): Promise<RegistrationOptions> {
    const options = await (await simpleWebAuthn()).generateRegistrationOptions({
      rpName: this.settings.rpName,
      rpID: this.settings.rpID,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.name || user.email,
      timeout: TIMEOUT,
      attestationType: 'none',
      excludeCredentials: exclude.map((passkey) => ({ id: passkey.credentialID, transports: passkey.transports as AuthenticatorTransport[] })),
      // Sign-in names no user (no allowed list): only a discoverable credential can answer it.
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      supportedAlgorithmIDs: [...SUPPORTED_ALGORITHMS],
    });
    return { ...options, attestation: 'none', rp: { id: this.settings.rpID, name: options.rp.name } };
  }

  async authenticationOptions(allow: readonly Passkey[] = []): Promise<AuthenticationOptions> {
    const options = await (await simpleWebAuthn()).generateAuthenticationOptions({
      rpID: this.settings.rpID,
      timeout: TIMEOUT,
      userVerification: 'preferred',
      allowCredentials: allow.map((passkey) => ({ id: passkey.credentialID, transports: passkey.transports as AuthenticatorTransport[] })),
    });
    return { ...options, rpId: this.settings.rpID };
  }

  /** The credential of a registration answer to `challenge`, or null when it does not verify. */
  async verifyRegistration(response: RegistrationResponseJSON, challenge: string): Promise<RegisteredCredential | null> {
    const webauthn = await simpleWebAuthn();
    try {
      const result = await webauthn.verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.settings.origin,
        expectedRPID: this.settings.rpID,
        requireUserVerification: false,
        supportedAlgorithmIDs: [...SUPPORTED_ALGORITHMS],
      });
      if (!result.verified) return null;
      const { credential, credentialDeviceType, credentialBackedUp, aaguid } = result.registrationInfo;
      // The id the browser names must be the one the authenticator signed for.
      if (credential.id !== response.id || response.rawId !== response.id) return null;
      return {
        credentialID: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: [...(credential.transports ?? response.response.transports ?? [])],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        aaguid: aaguid || null,
      };
    } catch {
      return null;
    }
  }

  /** What an assertion by `passkey` answering `challenge` proves, or null when it does not verify. */
  async verifyAuthentication(response: AuthenticationResponseJSON, challenge: string, passkey: Passkey): Promise<VerifiedAssertion | null> {
    const webauthn = await simpleWebAuthn();
    try {
      const result = await webauthn.verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.settings.origin,
        expectedRPID: this.settings.rpID,
        credential: { id: passkey.credentialID, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
        requireUserVerification: false,
      });
      if (!result.verified) return null;
      const info = result.authenticationInfo;
      return { newCounter: info.newCounter, userVerified: info.userVerified, deviceType: info.credentialDeviceType, backedUp: info.credentialBackedUp };
    } catch {
      return null;
    }
  }
}
