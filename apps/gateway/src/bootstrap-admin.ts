import { uuid, type Logger } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser } from '@tend/identity';
import { checkPassword, normalizeEmail, type PasswordHasher, type UserRepository } from '@tend/identity';
import type { Clock } from '@tend/kernel';

/**
 * Creates the configured administrator (role admin, email verified) when no user has that
 * email; does nothing otherwise, so every start may call it.
 */
export async function bootstrapAdmin(
  credentials: { email: string; password: string },
  deps: { users: UserRepository; hasher: PasswordHasher; clock: Clock; logger: Logger },
): Promise<'created' | 'exists'> {
  const email = normalizeEmail(credentials.email);
  if (await deps.users.findByEmail(email)) return 'exists';
  checkPassword(credentials.password);
  const now = deps.clock.now();
  const id = uuid();
  const user = newUser({ id, email, name: 'Administrator', role: 'admin', emailVerified: true }, now);
  const account = newAccount({ id: uuid(), accountId: id, providerId: CREDENTIAL_PROVIDER, userId: id, password: await deps.hasher.hash(credentials.password) }, now);
  try {
    await deps.users.create(user, account);
  } catch (error) {
    // Another instance created it at the same moment: that is the idempotent outcome too.
    if (await deps.users.findByEmail(email)) return 'exists';
    throw error;
  }
  deps.logger.info('bootstrap administrator created', { email });
  return 'created';
}
