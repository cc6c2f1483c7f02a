import { constantTimeEqual, raise, randomToken, sha256Hex, uuid, GENERAL_ERRORS, type Clock, type IdGenerator } from '@tend/kernel';
import type { VerificationRepository } from '@tend/identity';

/** An SSO sign-in state lives 10 minutes. */
export const SSO_STATE_EXPIRES_IN_MS = 10 * 60 * 1000;
export const SSO_STATE_LENGTH = 32;

/** What a sign-in remembers between the redirect out and the callback (OIDC) or the ACS post (SAML). */
export interface SsoState {
  providerId: string;
  /** The provider's verified domain when the sign-in started: a change of domain meanwhile voids it. */
  domain: string | null;
  callbackURL: string;
  errorURL: string | null;
  newUserURL: string | null;
  /** OIDC: the PKCE verifier and the nonce the id token must carry. */
  codeVerifier: string | null;
  nonce: string | null;
  /** SAML: the AuthnRequest's ID, which the response's InResponseTo must name. */
  requestId: string | null;
}

interface Stored extends SsoState {
  v: 1;
  /** SHA-256 of the browser binding (OIDC); null for SAML, whose ACS is posted without cookies. */
  binding: string | null;
}

const PREFIX = 'sso-state:';

/**
 * SSO sign-in states as Verification rows (`sso-state:<32 characters>`). A state is consumed
 * once: parallel callbacks race on the row's deletion and exactly one wins. An OIDC state is
 * bound to the browser that started the sign-in; a SAML RelayState is bound server-side to its
 * AuthnRequest ID instead.
 */
export class SsoStates {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
    private readonly newId: IdGenerator = uuid,
  ) {}

  async create(state: SsoState, binding: string | null): Promise<string> {
    const id = randomToken(SSO_STATE_LENGTH);
    const now = this.clock.now();
    const stored: Stored = { v: 1, ...state, binding: binding === null ? null : sha256Hex(binding) };
    try {
      await this.verifications.create({ id: this.newId(), identifier: PREFIX + id, value: JSON.stringify(stored), expiresAt: new Date(now.getTime() + SSO_STATE_EXPIRES_IN_MS), createdAt: now, updatedAt: now });
    } catch {
      throw raise(GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION);
    }
    return id;
  }

  /** The state without consuming it (so a callback from another browser cannot burn it); null when unknown, expired or malformed. */
  async peek(id: string): Promise<(SsoState & { binding: string | null }) | null> {
    if (!/^[A-Za-z0-9]{32}$/.test(id)) return null;
    const found = await this.verifications.findByIdentifier(PREFIX + id, this.clock.now());
    return found ? parse(found.value) : null;
  }

  /**
   * Consumes the state: null when unknown, expired, used, or (with a binding stored) presented
   * without the browser's binding — left in place then.
   */
  async consume(id: string, binding: string | null): Promise<SsoState | null> {
    const stored = await this.peek(id);
    if (!stored) return null;
    if (stored.binding !== null && (!binding || !constantTimeEqual(sha256Hex(binding), stored.binding))) return null;
    if (!(await this.verifications.consume(PREFIX + id, this.clock.now()))) return null;
    const { binding: _binding, ...state } = stored;
    return state;
  }
}

function parse(value: string): (SsoState & { binding: string | null }) | null {
  try {
    const data = JSON.parse(value) as Partial<Stored>;
    if (data.v !== 1 || typeof data.providerId !== 'string' || typeof data.callbackURL !== 'string') return null;
    return {
      providerId: data.providerId,
      domain: data.domain ?? null,
      callbackURL: data.callbackURL,
      errorURL: data.errorURL ?? null,
      newUserURL: data.newUserURL ?? null,
      codeVerifier: data.codeVerifier ?? null,
      nonce: data.nonce ?? null,
      requestId: data.requestId ?? null,
      binding: data.binding ?? null,
    };
  } catch {
    return null;
  }
}
