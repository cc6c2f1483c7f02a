import { constantTimeEqual, raise, randomToken, sha256Hex, uuid, GENERAL_ERRORS, type Clock, type IdGenerator } from '@tend/kernel';
import type { VerificationRepository } from '@tend/identity';
import { isRecord } from '../http/token-response.js';

/** Spec section 9: the state id is 32 characters, the code verifier 128, valid 10 minutes. */
export const STATE_LENGTH = 32;
export const CODE_VERIFIER_LENGTH = 128;
export const STATE_EXPIRES_IN_MS = 10 * 60 * 1000;
/** Length of a generated browser binding value (the gateway keeps it in a signed cookie). */
export const BINDING_LENGTH = 32;

/** What a provider sign-in remembers between the redirect out and the callback. */
export interface SignInState {
  providerId: string;
  codeVerifier: string;
  callbackURL: string;
  errorURL: string | null;
  newUserURL: string | null;
  /** Set when a signed-in user links a provider account (POST /link-social). */
  link: { userId: string; email: string } | null;
  requestSignUp: boolean;
  /** Every scope asked for, stored when the provider does not echo the granted ones. */
  scopes: string[];
}

interface StoredState extends SignInState {
  v: 1;
  /** SHA-256 of the browser binding: the row never holds the cookie's value itself. */
  binding: string;
}

/**
 * Provider sign-in states as Verification rows: the identifier is the 32-character state, the
 * value the JSON above. A state is answered once: parallel callbacks race on the row's deletion
 * and exactly one wins.
 */
export class SignInStates {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
    private readonly newId: IdGenerator = uuid,
  ) {}

  /** Stores a state under `id` (see newStateId), bound to `binding`. */
  async create(id: string, state: SignInState, binding: string): Promise<void> {
    const now = this.clock.now();
    const stored: StoredState = { v: 1, ...state, binding: sha256Hex(binding) };
    try {
      await this.verifications.create({
        id: this.newId(),
        identifier: id,
        value: JSON.stringify(stored),
        expiresAt: new Date(now.getTime() + STATE_EXPIRES_IN_MS),
        createdAt: now,
        updatedAt: now,
      });
    } catch {
      throw raise(GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION);
    }
  }

  /**
   * The state of `id` when it is live, well-formed and bound to `binding`, deleting it; null when
   * it is unknown, expired, already used, or presented by another browser (left in place then).
   */
  async consume(id: string, binding: string | null): Promise<SignInState | null> {
    if (!/^[A-Za-z0-9]{32}$/.test(id)) return null;
    const now = this.clock.now();
    const found = await this.verifications.findByIdentifier(id, now);
    const stored = found ? parse(found.value) : null;
    if (!stored || !binding || !constantTimeEqual(sha256Hex(binding), stored.binding)) return null;
    // Whoever deletes the row owns the callback; a second use of the state gets null here.
    if (!(await this.verifications.consume(id, now))) return null;
    const { v: _v, binding: _binding, ...state } = stored;
    return state;
  }
}

/** A fresh state id (32 random characters), the identifier of its Verification row. */
export function newStateId(): string {
  return randomToken(STATE_LENGTH);
}

/** A fresh code verifier (128 characters of the PKCE alphabet). */
export function newCodeVerifier(): string {
  return randomToken(CODE_VERIFIER_LENGTH);
}

/** A fresh browser binding value, for callers that do not bring their own. */
export function newBinding(): string {
  return randomToken(BINDING_LENGTH);
}

function parse(value: string): StoredState | null {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    return null;
  }
  if (!isRecord(data) || data.v !== 1) return null;
  const text = (v: unknown) => typeof v === 'string';
  const textOrNull = (v: unknown) => v === null || typeof v === 'string';
  const link = data.link;
  const linkOk = link === null || (isRecord(link) && text(link.userId) && text(link.email));
  const ok =
    text(data.providerId) &&
    text(data.codeVerifier) &&
    text(data.callbackURL) &&
    textOrNull(data.errorURL) &&
    textOrNull(data.newUserURL) &&
    linkOk &&
    typeof data.requestSignUp === 'boolean' &&
    Array.isArray(data.scopes) &&
    data.scopes.every(text) &&
    text(data.binding);
  return ok ? (data as unknown as StoredState) : null;
}
