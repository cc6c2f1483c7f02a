import { codeOf } from '@tend/kernel';
import { ORGANIZATION_ERRORS, REJECT_INVITATION_ERRORS, ROLE_ERRORS, TWO_FACTOR_POLICY_ERRORS } from './error-codes.js';

describe('the organization error catalogue', () => {
  it.each(Object.entries({ ...ORGANIZATION_ERRORS }))('derives %s from its message', (key, entry) => {
    expect(codeOf(entry.message)).toBe(key);
    expect(entry.code).toBe(key);
  });

  it('answers the spec statuses', () => {
    expect(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION.status).toBe(400);
    expect(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND.status).toBe(400);
    expect(ORGANIZATION_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION.status).toBe(403);
    expect(ORGANIZATION_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED.status).toBe(403);
    expect(ORGANIZATION_ERRORS.SLUG_IS_TAKEN.status).toBe(400);
    expect(ORGANIZATION_ERRORS.NOT_AUTHENTICATED.status).toBe(401);
    expect(ORGANIZATION_ERRORS.ORGANIZATION_ID_IS_REQUIRED.status).toBe(400);
    expect(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION.status).toBe(403);
    expect(ORGANIZATION_ERRORS.USER_NOT_FOUND.status).toBe(401);
  });

  it("keeps better-auth's codes, words and statuses for runtime roles", () => {
    expect(ROLE_ERRORS.ROLE_NAME_IS_ALREADY_TAKEN).toMatchObject({ status: 400, code: 'ROLE_NAME_IS_ALREADY_TAKEN', message: 'That role name is already taken' });
    expect(ROLE_ERRORS.INVALID_RESOURCE).toMatchObject({ status: 400, code: 'INVALID_RESOURCE' });
    expect(ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE).toMatchObject({ status: 403, message: 'You are not allowed to list a role' });
    for (const [key, entry] of Object.entries(ROLE_ERRORS)) expect(entry.code).toBe(key);
  });

  it('names the two-factor policy refusals by short codes', () => {
    expect(TWO_FACTOR_POLICY_ERRORS.TWO_FACTOR_REQUIRED).toMatchObject({ status: 403, code: 'TWO_FACTOR_REQUIRED', message: 'This organization requires two-factor authentication' });
    expect(TWO_FACTOR_POLICY_ERRORS.ENABLE_TWO_FACTOR_FIRST).toMatchObject({
      status: 400,
      code: 'ENABLE_TWO_FACTOR_FIRST',
      message: 'Turn on two-factor authentication for your own account first',
    });
  });

  it("words reject's not-found with an exclamation mark under the same code", () => {
    expect(REJECT_INVITATION_ERRORS.INVITATION_NOT_FOUND).toMatchObject({ status: 400, code: 'INVITATION_NOT_FOUND', message: 'Invitation not found!' });
    expect(codeOf(REJECT_INVITATION_ERRORS.INVITATION_NOT_FOUND.message)).toBe('INVITATION_NOT_FOUND');
  });
});
