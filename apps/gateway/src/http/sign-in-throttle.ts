import { isAuthError } from '@tend/kernel';
import type { FailedSignInThrottle } from '@tend/rate-limit';

/**
 * Wraps a password sign-in in the per-identifier throttle: refused (429) once too many
 * attempts for this email or username failed, whether or not an account has it; a 401
 * counts as a failure, a success clears the count. A right password that only opens a
 * second-factor challenge is no success yet: the wrong codes counted stay counted.
 */
export function throttledSignIn(throttle: FailedSignInThrottle) {
  return async <T extends { kind: string }>(identifier: string, attempt: () => Promise<T>): Promise<T> => {
    await throttle.assertAllowed(identifier);
    try {
      const result = await attempt();
      if (result.kind !== 'challenge') await throttle.recordSuccess(identifier);
      return result;
    } catch (error) {
      if (isAuthError(error) && error.status === 401) await throttle.recordFailure(identifier);
      throw error;
    }
  };
}
