import type { User } from '../entities.js';

/**
 * What other parts of the product may do when identity events happen (send the
 * verification mail after sign-up, send it again when an unverified user tries to sign in).
 */
export interface UserEvents {
  userCreated?(user: User, context: { callbackURL?: string }): Promise<void>;
  /** A sign-in was refused because the email is not verified. */
  emailNotVerified?(user: User, context: { callbackURL?: string }): Promise<void>;
}
