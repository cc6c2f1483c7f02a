/** A WebAuthn credential registered by a user: its public key, signature counter and where it lives. */
export interface Passkey {
  id: string;
  /** What the person called it ("Laptop"); null when not named. */
  name: string | null;
  userId: string;
  /** The credential id the authenticator chose (base64url); unique. */
  credentialID: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  /** The signature counter last seen (0 for authenticators that keep none). */
  counter: number;
  /** `singleDevice` or `multiDevice` (synced). */
  deviceType: string;
  /** Whether the credential is backed up (synced passkeys). */
  backedUp: boolean;
  /** How the browser may reach the authenticator (`internal`, `usb`, `hybrid`, …). */
  transports: string[];
  /** The authenticator model's AAGUID, when it tells. */
  aaguid: string | null;
  createdAt: Date;
}

/** A passkey as the routes answer it: never its public key. */
export interface PresentedPasskey {
  id: string;
  name: string | null;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string[];
  createdAt: Date;
}

export function presentPasskey(passkey: Passkey): PresentedPasskey {
  const { id, name, userId, credentialID, counter, deviceType, backedUp, transports, createdAt } = passkey;
  return { id, name, userId, credentialID, counter, deviceType, backedUp, transports: [...transports], createdAt };
}
