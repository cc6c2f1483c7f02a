import type { Session } from '@tend/sessions';
import type { User } from '../entities.js';
import type { SignInProof } from './proof.js';

/** A value an effect carries: plain JSON, kept with a pending sign-in across a challenge. */
export type SessionEffectValue = string | number | boolean | null;

/**
 * Something a sign-in must do only once it is a session, declared by the way of signing in that
 * asks for it: a name and its data (SSO's just-in-time membership, its "provider linked" mail).
 * The sign-in completion runs it when it issues the session — at once, or when the challenge a
 * policy asked for is answered — and never for a sign-in that ends without one.
 */
export interface SessionEffect {
  readonly name: string;
  readonly data: Readonly<Record<string, SessionEffectValue>>;
}

/**
 * Carries out the effects of one name, registered with the sign-in completion by the module
 * that declares them. It runs after the session exists: a failure is logged and never undoes
 * the sign-in.
 */
export interface SessionEffectHandler {
  readonly name: string;
  run(data: SessionEffect['data'], signIn: { user: User; session: Session; proof: SignInProof }): Promise<void>;
}
