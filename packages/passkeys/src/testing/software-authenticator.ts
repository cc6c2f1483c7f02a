// A software WebAuthn authenticator for tests: an ES256 key pair made with node:crypto, the
// client data a browser would send, authenticator data, and a `none` attestation in CBOR, so
// tests exercise the server's real verification (challenge, origin, rp id, signature, counter).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { concat, encodeCbor } from './cbor.js';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** What a test may change about one ceremony to make it wrong. */
export interface CeremonyOverrides {
  /** The challenge signed (default the options'). */
  challenge?: string;
  /** The origin in the client data (default the authenticator's). */
  origin?: string;
  /** The rp id whose hash starts the authenticator data (default the options' or the authenticator's). */
  rpID?: string;
  /** Whether the person was verified (UV flag; default the authenticator's). */
  userVerified?: boolean;
  /** The signature counter sent (default: the next one). */
  counter?: number;
  /** Sign with another authenticator's key (another key's signature). */
  signWith?: SoftwareAuthenticator;
  /** The client data type (default webauthn.create / webauthn.get). */
  type?: string;
}

export interface SoftwareAuthenticatorOptions {
  origin: string;
  rpID: string;
  /** Whether it verifies the person (PIN, biometric): the UV flag (default true). */
  userVerified?: boolean;
  /** Counter start (0); `counts: false` keeps it at 0 like many passkey providers. */
  counts?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId: Uint8Array = new Uint8Array(randomBytes(16));
  readonly privateKey: KeyObject;
  private readonly publicKeyCose: Uint8Array;
  private userHandle: string | null = null;
  counter = 0;

  constructor(readonly options: SoftwareAuthenticatorOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicKeyCose = encodeCbor(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  /** The credential id as the server stores it (base64url). */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create(): answers creation options as a browser would. */
  register(options: { challenge: string; rp?: { id?: string }; user?: { id: string } }, overrides: CeremonyOverrides = {}): RegistrationResponseJSON {
    this.userHandle = options.user?.id ?? null;
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.create', overrides.challenge ?? options.challenge, overrides.origin);
    const idLength = Uint8Array.of(this.credentialId.length >> 8, this.credentialId.length & 0xff);
    const authData = concat(this.authDataHead(overrides.rpID ?? options.rp?.id, AT, overrides, this.counter), new Uint8Array(16), idLength, this.credentialId, this.publicKeyCose);
    const attestationObject = encodeCbor(new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): answers request options with this credential, signed. */
  authenticate(options: { challenge: string; rpId?: string }, overrides: CeremonyOverrides = {}): AuthenticationResponseJSON {
    const counter = overrides.counter ?? (this.options.counts === false ? 0 : this.counter + 1);
    if (overrides.counter === undefined) this.counter = counter;
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.get', overrides.challenge ?? options.challenge, overrides.origin);
    const authData = this.authDataHead(overrides.rpID ?? options.rpId, 0, overrides, counter);
    const signer = overrides.signWith ?? this;
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), signer.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string, origin?: string): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin: origin ?? this.options.origin, crossOrigin: false }));
  }

  private authDataHead(rpID: string | undefined, extra: number, overrides: CeremonyOverrides, counter: number): Uint8Array {
    const verified = overrides.userVerified ?? this.options.userVerified ?? true;
    const flags = UP | (verified ? UV : 0) | extra;
    const count = Uint8Array.of((counter >>> 24) & 0xff, (counter >> 16) & 0xff, (counter >> 8) & 0xff, counter & 0xff);
    return concat(sha256(rpID ?? this.options.rpID), Uint8Array.of(flags), count);
  }
}
