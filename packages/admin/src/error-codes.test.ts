import { codeOf } from '@tend/kernel';
import { ADMIN_ERRORS } from './error-codes.js';

describe('ADMIN_ERRORS', () => {
  it.each(Object.entries(ADMIN_ERRORS))('keys %s by the code the spec derives from its message', (key, entry) => {
    expect(codeOf(entry.message)).toBe(key);
    expect(entry.code).toBe(key);
  });

  it('answers 403 for every "You are not allowed to ..." message', () => {
    // The spec's nine and better-auth 1.7's get-user; setting a role that does not exist is a bad value (400), not a permission.
    const notAllowed = Object.values(ADMIN_ERRORS).filter((entry) => entry.message.startsWith('You are not allowed to') && !entry.message.includes('non-existent'));
    expect(notAllowed).toHaveLength(10);
    for (const entry of notAllowed) expect(entry.status).toBe(403);
  });

  it('keeps the spec messages literally', () => {
    expect(ADMIN_ERRORS.INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED).toMatchObject({ status: 400, message: 'invalid permission check. no permission(s) were passed.' });
    expect(ADMIN_ERRORS.USER_NOT_FOUND).toMatchObject({ status: 404, message: 'User not found' });
  });
});
