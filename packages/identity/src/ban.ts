import { raise, type Clock } from '@tend/kernel';
import type { User } from './entities.js';
import { IDENTITY_ERRORS } from './error-codes.js';
import type { UserRepository } from './ports.js';

/**
 * Refuses a banned user (403 BANNED_USER). A ban whose expiry has passed is cleared here,
 * at the next session creation, as the spec says.
 */
export async function assertNotBanned(user: User, users: Pick<UserRepository, 'update'>, clock: Clock): Promise<User> {
  if (!user.banned) return user;
  if (user.banExpires && user.banExpires.getTime() <= clock.now().getTime()) {
    return users.update(user.id, { banned: false, banReason: null, banExpires: null, updatedAt: clock.now() });
  }
  throw raise(IDENTITY_ERRORS.BANNED_USER);
}
