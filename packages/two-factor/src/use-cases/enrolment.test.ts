import { twoFactorFixture, PASSWORD } from '../testing/fixture.js';

describe('EnableTwoFactor and ConfirmTwoFactor', () => {
  it('enable needs the password and is refused while on; confirm turns it on once and records it', async () => {
    const { enable, confirm, addUser, current, enrol, events } = twoFactorFixture();
    addUser();
    await expect(enable.execute({ user: current(), password: 'not it' })).rejects.toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
    await expect(confirm.execute({ user: current(), code: '123456', client: null })).rejects.toMatchObject({ status: 400, code: 'TWO_FACTOR_NOT_ENABLED' });
    const { codeAt, wrongCode } = await enrol();
    expect(current().twoFactorEnabled).toBe(true);
    expect(events.map((event) => event.action)).toEqual(['two-factor.enabled']);
    await expect(confirm.execute({ user: current(), code: wrongCode(), client: null })).rejects.toMatchObject({ status: 401, code: 'INVALID_CODE' });
    expect(events.at(-1)).toMatchObject({ action: 'two-factor.failure', detail: { method: 'totp', reason: 'WRONG_CODE' } });
    expect(await confirm.execute({ user: current(), code: codeAt(), client: null })).toMatchObject({ turnedOn: false });
    await expect(enable.execute({ user: current(), password: PASSWORD })).rejects.toMatchObject({ code: 'TOTP_ALREADY_ENABLED' });
  });
});

describe('ResetTwoFactor', () => {
  it("turns it off, lifts the lockout, ends the user's sessions and mails the notice; 404 for nobody", async () => {
    const { reset, addUser, current, enrol, sessions, lockout, mails } = twoFactorFixture();
    addUser();
    await enrol();
    for (let i = 0; i < 10; i += 1) await lockout.admit('u1');
    expect(await reset.execute({ userId: 'u1' })).toEqual({ wasOn: true });
    expect(current().twoFactorEnabled).toBe(false);
    expect(sessions.revoked).toEqual(['u1']);
    expect(await lockout.state('u1')).toEqual({ answers: 0, lockedUntil: null });
    expect((await mails()).map((mail) => mail.purpose)).toEqual(['two-factor-disabled']);
    expect(await reset.execute({ userId: 'u1' })).toEqual({ wasOn: false });
    await expect(reset.execute({ userId: 'nobody' })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });
  });
});

describe('PendingChallenge', () => {
  it('answers the offered methods and mails a code only where otp is offered; no pending sign-in: 401', async () => {
    const { pending, addUser, enrol, challenge, mails } = twoFactorFixture();
    addUser();
    await enrol();
    const { token } = await challenge(['password']);
    expect(await pending.methods({ token })).toEqual(['totp', 'otp', 'backup-code']);
    await pending.sendCode({ token });
    expect((await mails()).map((mail) => mail.purpose)).toEqual(['two-factor-otp']);
    await expect(pending.methods({ token: 'no-such-token' })).rejects.toMatchObject({ status: 401, code: 'INVALID_TWO_FACTOR_COOKIE' });
    await expect(pending.sendCode({ token: null })).rejects.toMatchObject({ status: 401, code: 'INVALID_TWO_FACTOR_COOKIE' });
  });
});
