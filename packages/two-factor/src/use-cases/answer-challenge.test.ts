import { clientOf } from '@tend/identity';
import { MINUTE } from '@tend/kernel';
import { countingThrottle, twoFactorFixture } from '../testing/fixture.js';

const client = clientOf({ ipAddress: '10.0.0.2', userAgent: 'jest' });

async function enrolled(options: Parameters<typeof twoFactorFixture>[0] = {}) {
  const fixture = twoFactorFixture(options);
  fixture.addUser();
  return { ...fixture, ...(await fixture.enrol()) };
}

describe('AnswerChallenge', () => {
  it('completes a pending sign-in with a right code, once; a wrong one is 401 and counted', async () => {
    const { answer, challenge, codeAt, wrongCode, signIns } = await enrolled();
    const { token } = await challenge();
    await expect(answer.execute({ token, client, method: 'totp', code: wrongCode() })).rejects.toMatchObject({ status: 401, code: 'INVALID_CODE' });
    const { outcome, trustMark } = await answer.execute({ token, client, method: 'totp', code: codeAt() });
    expect(outcome.proof.factors).toEqual(['password', 'totp']);
    expect(trustMark).toBeNull();
    expect(signIns.tables.sessions.size).toBe(1);
    await expect(answer.execute({ token, client, method: 'totp', code: codeAt(1) })).rejects.toMatchObject({ code: 'INVALID_TWO_FACTOR_COOKIE' });
    await expect(answer.execute({ token: null, client, method: 'totp', code: codeAt(1) })).rejects.toMatchObject({ status: 401, code: 'INVALID_TWO_FACTOR_COOKIE' });
  });

  describe('one mailbox never passes both factors', () => {
    it('after a mailed link or code, otp is not offered: no code is mailed, a mailed code completes nothing; app codes and backup codes still do', async () => {
      const { answer, challenge, codeAt, backupCodes, pending, mails, twoFactor, signIns } = await enrolled();
      const first = await challenge(['email']);
      expect(first.methods).toEqual(['totp', 'backup-code']);
      expect(await pending.methods({ token: first.token })).toEqual(['totp', 'backup-code']);
      await expect(pending.sendCode({ token: first.token })).rejects.toMatchObject({ status: 400, code: 'OTP_NOT_ENABLED', message: 'OTP not enabled' });
      expect(await mails()).toEqual([]);
      // Even a live mailed code (sent for another sign-in) is refused here, unchecked and uncounted.
      const other = await challenge(['password']);
      await pending.sendCode({ token: other.token });
      const code = (await mails())[0]!.text.match(/\b\d{6}\b/)![0];
      await expect(answer.execute({ token: first.token, client, method: 'otp', code })).rejects.toMatchObject({ status: 400, code: 'OTP_NOT_ENABLED' });
      expect(signIns.tables.sessions.size).toBe(0);
      expect(await twoFactor.checkEmailCode(signIns.tables.users.get('u1')!, code)).toBe(true); // not used up by the refusal
      await answer.execute({ token: first.token, client, method: 'backup-code', code: backupCodes[0]! });
      const again = await challenge(['email']);
      const { outcome } = await answer.execute({ token: again.token, client, method: 'totp', code: codeAt() });
      expect(outcome.proof.factors).toEqual(['email', 'totp']);
    });

    it('after a password, SSO or a provider, otp is offered and completes', async () => {
      const { answer, challenge, pending, mails } = await enrolled();
      for (const factor of ['password', 'sso', 'provider'] as const) {
        const { token, methods } = await challenge([factor]);
        expect(methods).toEqual(['totp', 'otp', 'backup-code']);
        await pending.sendCode({ token });
        const code = (await mails())[0]!.text.match(/\b\d{6}\b/)![0];
        const { outcome } = await answer.execute({ token, client, method: 'otp', code });
        expect(outcome.proof.factors).toEqual([factor, 'otp']);
      }
    });
  });

  describe('the per-account limit on wrong answers', () => {
    it('100 wrong app codes over 10 pending sign-ins: 10 are checked (401), the rest and then the right code are 429 with Retry-After, no session', async () => {
      const { answer, challenge, codeAt, wrongCode, signIns, clock } = await enrolled();
      const tokens = [];
      for (let i = 0; i < 10; i += 1) tokens.push((await challenge()).token);
      const statuses: number[] = [];
      for (const token of tokens) {
        for (let i = 0; i < 10; i += 1) {
          const error = await answer.execute({ token, client, method: 'totp', code: wrongCode() }).catch((e: { status: number }) => e);
          statuses.push((error as { status: number }).status);
        }
      }
      // The 10th wrong answer also ends the first pending sign-in (its own limit): the others are kept, and refused.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(90).fill(429));
      const locked = await answer.execute({ token: tokens[1]!, client, method: 'totp', code: codeAt() }).catch((e: unknown) => e);
      expect(locked).toMatchObject({ status: 429, code: 'ACCOUNT_TEMPORARILY_LOCKED', retryAfterSeconds: 900 });
      expect((locked as { headers(): Record<string, string> }).headers()).toMatchObject({ 'Retry-After': '900' });
      expect(signIns.tables.sessions.size).toBe(0);
      // Other ways of answering are locked too.
      await expect(answer.execute({ token: tokens[1]!, client, method: 'backup-code', code: 'aaaaa-bbbbb' })).rejects.toMatchObject({ status: 429 });
      // 15 minutes later (the pending sign-ins are gone by then): a new sign-in and the right code.
      clock.advance(15 * MINUTE);
      const { outcome } = await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: codeAt() });
      expect(outcome.kind).toBe('session');
    });

    it('mails the person once at the first lock, records the lock, and ramps up after it', async () => {
      const { answer, challenge, wrongCode, clock, events, mails } = await enrolled();
      for (let i = 0; i < 10; i += 1) await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: wrongCode() }).catch(() => undefined);
      const sent = await mails();
      expect(sent.map((mail) => mail.purpose)).toEqual(['two-factor-locked']);
      expect(sent[0]!.text).toContain('10 wrong two-factor codes');
      expect(sent[0]!.text).toContain('http://localhost:4300/account/security');
      const locks = events.filter((event) => event.action === 'two-factor.locked');
      expect(locks).toEqual([expect.objectContaining({ targetUserId: 'u1', actorId: null, detail: expect.objectContaining({ wrongAnswers: 10, lockedForSeconds: 900 }) })]);
      expect(events.filter((event) => event.action === 'two-factor.failure')).toHaveLength(10);
      clock.advance(15 * MINUTE);
      await expect(answer.execute({ token: (await challenge()).token, client, method: 'totp', code: wrongCode() })).rejects.toMatchObject({ status: 401 });
      const next = await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: wrongCode() }).catch((e: unknown) => e);
      expect(next).toMatchObject({ status: 429, retryAfterSeconds: 1800 });
      expect((await mails()).map((mail) => mail.purpose)).toEqual(['two-factor-locked']);
      expect(events.filter((event) => event.action === 'two-factor.locked').at(-1)!.detail).toMatchObject({ wrongAnswers: 11, lockedForSeconds: 1800 });
    });

    it('a right answer forgets the wrong ones', async () => {
      const { answer, challenge, codeAt, wrongCode, clock } = await enrolled();
      for (let i = 0; i < 9; i += 1) await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: wrongCode() }).catch(() => undefined);
      await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: codeAt() });
      clock.advance(30_000);
      for (let i = 0; i < 9; i += 1) {
        await expect(answer.execute({ token: (await challenge()).token, client, method: 'totp', code: wrongCode() })).rejects.toMatchObject({ status: 401 });
      }
      expect((await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: codeAt() })).outcome.kind).toBe('session');
    });

    it('parallel answers over many pending sign-ins get no more than 10 checked', async () => {
      const { answer, challenge, wrongCode } = await enrolled();
      const tokens = await Promise.all(Array.from({ length: 30 }, async () => (await challenge()).token));
      const results = await Promise.all(tokens.map((token) => answer.execute({ token, client, method: 'totp', code: wrongCode() }).catch((e: { status: number }) => e.status)));
      expect(results.filter((status) => status === 401)).toHaveLength(10);
      expect(results.filter((status) => status === 429)).toHaveLength(20);
    });

    it("an administrator's clearing lets the person answer again at once", async () => {
      const { answer, challenge, codeAt, wrongCode, clear } = await enrolled();
      for (let i = 0; i < 10; i += 1) await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: wrongCode() }).catch(() => undefined);
      const { token } = await challenge();
      await expect(answer.execute({ token, client, method: 'totp', code: codeAt() })).rejects.toMatchObject({ status: 429 });
      expect(await clear.execute({ userId: 'u1' })).toEqual({ wasLocked: true, answers: 10 });
      expect((await answer.execute({ token, client, method: 'totp', code: codeAt() })).outcome.kind).toBe('session');
      await expect(clear.execute({ userId: 'nobody' })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
    });
  });

  it("counts wrong answers in the account's failed sign-in throttle; while it refuses, every code is wrong", async () => {
    const throttle = countingThrottle(3);
    const { answer, challenge, codeAt, wrongCode } = await enrolled({ throttle });
    for (let i = 0; i < 3; i += 1) await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: wrongCode() }).catch(() => undefined);
    expect(throttle.failures.get('u1@example.com')).toBe(3);
    await expect(answer.execute({ token: (await challenge()).token, client, method: 'totp', code: codeAt() })).rejects.toMatchObject({ status: 401, code: 'INVALID_CODE' });
  });

  it('trustDevice answers the trust mark of the enrolment', async () => {
    const { answer, challenge, codeAt, twoFactor, current } = await enrolled();
    const { trustMark } = await answer.execute({ token: (await challenge()).token, client, method: 'totp', code: codeAt(), trustDevice: true });
    expect(await twoFactor.isTrusted(current(), trustMark!)).toBe(true);
  });
});
