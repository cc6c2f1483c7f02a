import { AuthError, codeOf, defineErrors, hasCode, raise } from './errors.js';
import { createMemoryTables } from './memory-tables.js';
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

  it('gives an error built from a catalogue entry its status, its key as code, and its message', () => {
    const CATALOGUE = defineErrors({ USER_ALREADY_EXISTS: { status: 422, message: 'User already exists' } });
    const error = raise(CATALOGUE.USER_ALREADY_EXISTS);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.toJSON()).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
    expect(error.status).toBe(422);
    expect(hasCode(error, 'USER_ALREADY_EXISTS')).toBe(true);
    expect(hasCode(error, 'USER_NOT_FOUND')).toBe(false);
    expect(hasCode(new Error('USER_ALREADY_EXISTS'), 'USER_ALREADY_EXISTS')).toBe(false);
  });
});

describe('memory tables', () => {
  it('runs the cascades a package registers when a row is deleted', () => {
    const tables = createMemoryTables();
    const members = tables.table<{ userId: string }>('members');
    tables.onDelete('users', (userId) => {
      for (const [id, member] of members) if (member.userId === userId) members.delete(id);
    });
    // The kernel knows no entity: the auth tables are typed by the packages that own them.
    const users = tables.table<{ id: string }>('users');
    const sessions = tables.table<{ userId: string }>('sessions');
    users.set('u1', { id: 'u1' });
    sessions.set('t1', { userId: 'u1' });
    members.set('m1', { userId: 'u1' });
    members.set('m2', { userId: 'u2' });
    tables.deleteRow('users', 'u1');
    expect([...members.keys()]).toEqual(['m2']);
    expect(sessions.size).toBe(0);
    expect(users.size).toBe(0);
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
