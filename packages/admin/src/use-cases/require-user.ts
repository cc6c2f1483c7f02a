import { raise } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { UserRepository } from '@tend/identity';
import { ADMIN_ERRORS } from '../error-codes.js';

/** The user of `userId`, or 404 User not found. */
export async function requireUser(users: Pick<UserRepository, 'findById'>, userId: string): Promise<User> {
  const user = await users.findById(userId);
  if (!user) throw raise(ADMIN_ERRORS.USER_NOT_FOUND);
  return user;
}
