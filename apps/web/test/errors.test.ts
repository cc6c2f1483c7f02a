import { ERROR_CODES } from '@tend/contracts';
import { catalogue, describeError, needsFreshSignIn, tooManyRequestsMessage } from '../app/lib/errors';

const signUpFields = { name: 'name', email: 'email', newPassword: 'password', username: 'username' } as const;

describe('describeError', () => {
  it('puts USER_ALREADY_EXISTS next to the email field', () => {
    const errors = describeError({ code: 'USER_ALREADY_EXISTS', message: 'User already exists', status: 422 }, signUpFields);
    expect(errors.fields).toEqual({ email: 'An account with this email already exists. Try signing in instead.' });
    expect(errors.form).toBeUndefined();
    expect(errors.code).toBe('USER_ALREADY_EXISTS');
  });

  it('puts PASSWORD_TOO_SHORT on whichever input sets the password', () => {
    expect(describeError({ code: 'PASSWORD_TOO_SHORT' }, signUpFields).fields.password).toMatch(/too short/);
    expect(describeError({ code: 'PASSWORD_TOO_SHORT' }, { newPassword: 'newPassword' }).fields.newPassword).toMatch(/too short/);
  });

  it('puts INVALID_PASSWORD on the current-password input, not the new one', () => {
    const errors = describeError({ code: 'INVALID_PASSWORD' }, { currentPassword: 'currentPassword', newPassword: 'newPassword' });
    expect(Object.keys(errors.fields)).toEqual(['currentPassword']);
  });

  it.each([
    'USERNAME_IS_INVALID',
    'USERNAME_IS_TOO_SHORT',
    'USERNAME_IS_TOO_LONG',
    'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER',
  ])('puts %s next to the username field', (code) => {
    expect(describeError({ code }, signUpFields).fields.username).toEqual(expect.any(String));
  });

  it('keeps INVALID_EMAIL_OR_PASSWORD at the form, naming neither field', () => {
    const errors = describeError({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 }, { email: 'identifier' });
    expect(errors.fields).toEqual({});
    expect(errors.form).toBe("That email and password don't match. Check them and try again.");
  });

  it('shows an error at the form when the form has no input for its field', () => {
    const errors = describeError({ code: 'USERNAME_IS_INVALID' }, { email: 'email' });
    expect(errors.fields).toEqual({});
    expect(errors.form).toMatch(/Usernames can use/);
  });

  it('tells how long to wait on TOO_MANY_REQUESTS with Retry-After', () => {
    expect(describeError({ code: 'TOO_MANY_REQUESTS', status: 429, retryAfter: 12 }).form).toBe(
      "You've tried that a few times. Please wait 12 seconds and try again.",
    );
    expect(tooManyRequestsMessage(120)).toMatch(/2 minutes/);
    expect(tooManyRequestsMessage()).toMatch(/short break/);
  });

  it('points VALIDATION_ERROR issues at their inputs', () => {
    const errors = describeError(
      { code: 'VALIDATION_ERROR', message: 'Invalid body parameters', issues: [{ path: 'email', message: 'Too big: expected string to have <=320 characters' }] },
      signUpFields,
    );
    expect(errors.fields).toEqual({ email: "This doesn't look right. Please check it." });
  });

  it('gives VALIDATION_ERROR without usable issues a form message', () => {
    expect(describeError({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' }).form).toMatch(/check the form/);
  });

  it("uses the gateway's own message for an unknown code, as a sentence", () => {
    expect(describeError({ code: 'SOMETHING_NEW', message: 'account is locked' }).form).toBe('Account is locked.');
  });

  it('never shows a raw JSON dump', () => {
    expect(describeError({ code: 'X', message: '{"code":"X","message":"y"}' }).form).toBe('Something went wrong. Please try again.');
    expect(describeError({ code: 'X', message: '' }).form).toBe('Something went wrong. Please try again.');
  });

  it('knows when the person must sign in again', () => {
    expect(needsFreshSignIn(describeError({ code: 'SESSION_IS_NOT_FRESH', status: 403 }))).toBe(true);
    expect(needsFreshSignIn(describeError({ code: 'INVALID_PASSWORD' }))).toBe(false);
  });
});

describe('the error catalogue', () => {
  // Codes this app makes itself when the gateway cannot answer (see gateway.server.ts).
  const LOCAL_CODES = new Set(['GATEWAY_UNAVAILABLE', 'SERVER_ERROR']);

  it('names only codes the gateway sends (the contract) or this app makes', () => {
    const unknown = Object.keys(catalogue).filter((code) => !LOCAL_CODES.has(code) && !(ERROR_CODES as readonly string[]).includes(code));
    expect(unknown).toEqual([]);
  });
});
