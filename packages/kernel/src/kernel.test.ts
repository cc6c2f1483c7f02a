import { AuthError, codeOf, raise } from './errors.js';
import { ManualClock, addSeconds } from './clock.js';
import { constantTimeEqual, randomLowercaseToken, randomToken, signValue, unsignValue } from './crypto.js';
import { uuid } from './ids.js';

describe('codeOf', () => {
  it.each([
    ['Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD'],
    ['callbackURL is required', 'CALLBACKURL_IS_REQUIRED'],
    ['Session expired. Re-authenticate to perform this action.', 'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION'],
    ["You can't unlink your last account", 'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT'],
  ])('derives the code of %j', (message, code) => {
    expect(codeOf(message)).toBe(code);
  });

  it('gives an error built from a catalogue entry its status, code and message', () => {
    const error = raise({ status: 422, message: 'User already exists' });
    expect(error).toBeInstanceOf(AuthError);
    expect(error.toJSON()).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
    expect(error.status).toBe(422);
  });
});

describe('tokens and ids', () => {
  it('makes random tokens of the asked length and alphabet', () => {
    expect(randomToken(32)).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomLowercaseToken(32)).toMatch(/^[a-z0-9]{32}$/);
    expect(randomToken(32)).not.toBe(randomToken(32));
  });

  it('makes 36-character UUID ids', () => {
    expect(uuid()).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('signed values', () => {
  it('accepts its own signature and refuses a tampered value or another secret', () => {
    const signed = signValue('secret', 'abc');
    expect(unsignValue('secret', signed)).toBe('abc');
    expect(unsignValue('secret', signed.replace('abc', 'abd'))).toBeNull();
    expect(unsignValue('other', signed)).toBeNull();
    expect(unsignValue('secret', 'no-signature')).toBeNull();
  });

  it('compares strings exactly', () => {
    expect(constantTimeEqual('a', 'a')).toBe(true);
    expect(constantTimeEqual('a', 'b')).toBe(false);
    expect(constantTimeEqual('a', 'ab')).toBe(false);
  });
});

describe('ManualClock', () => {
  it('moves only when told', () => {
    const clock = new ManualClock(0);
    expect(clock.now().getTime()).toBe(0);
    clock.advance(1500);
    expect(clock.now().getTime()).toBe(1500);
    expect(addSeconds(clock.now(), 2).getTime()).toBe(3500);
  });
});
