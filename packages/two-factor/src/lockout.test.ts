import { ManualClock, MINUTE, HOUR, DAY } from '@tend/kernel';
import { MemoryRateLimitStore } from '@tend/rate-limit';
import { AccountLockedError, SecondFactorLockout, type LockoutAdmission } from './lockout.js';

function lockout() {
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  const store = new MemoryRateLimitStore();
  return { clock, store, subject: new SecondFactorLockout({ store, clock }) };
}

const admitted = (admission: LockoutAdmission) => {
  if (!admission.admitted) throw new Error(`refused for ${admission.retryAfterSeconds} s`);
  return admission.turn;
};

describe('SecondFactorLockout', () => {
  it('lets 10 answers through, then refuses for 15 minutes (Retry-After counting down)', async () => {
    const { subject, clock } = lockout();
    for (let i = 1; i <= 9; i += 1) expect(subject.lockAfter(admitted(await subject.admit('u1')))).toBeNull();
    const tenth = admitted(await subject.admit('u1'));
    expect(subject.lockAfter(tenth)).toEqual({ level: 1, until: new Date(clock.now().getTime() + 15 * MINUTE), seconds: 900, first: true });
    expect(await subject.admit('u1')).toEqual({ admitted: false, retryAfterSeconds: 900 });
    clock.advance(10 * MINUTE);
    expect(await subject.admit('u1')).toEqual({ admitted: false, retryAfterSeconds: 300 });
    expect(await subject.state('u1')).toEqual({ answers: 10, lockedUntil: new Date(clock.now().getTime() + 5 * MINUTE) });
    // Another account is not affected.
    expect((await subject.admit('u2')).admitted).toBe(true);
  });

  it('after a lock, one answer at a time, each wrong one locking twice as long: 30 min, 1 h, 2 h … at most 24 h', async () => {
    const { subject, clock } = lockout();
    for (let i = 0; i < 10; i += 1) admitted(await subject.admit('u1'));
    clock.advance(15 * MINUTE);
    for (const [index, ms] of [30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR].entries()) {
      const turn = admitted(await subject.admit('u1'));
      expect(turn.attempt).toBe(11 + index);
      expect(subject.lockAfter(turn)).toMatchObject({ level: 2 + index, seconds: ms / 1000, first: false });
      expect(await subject.admit('u1')).toEqual({ admitted: false, retryAfterSeconds: ms / 1000 });
      clock.advance(ms - 1000);
      expect((await subject.admit('u1')).admitted).toBe(false);
      clock.advance(1000);
    }
    // 8 h, 16 h, then 24 h for every later one.
    const at = clock.now().getTime();
    expect([15, 16, 17, 25].map((attempt) => subject.lockAfter({ userId: 'u1', attempt, at })?.seconds)).toEqual([8 * HOUR, 16 * HOUR, DAY, DAY].map((ms) => ms / 1000));
  });

  it('of 50 parallel answers only the allowance is checked, and refused ones count nothing', async () => {
    const { subject, clock } = lockout();
    const first = await Promise.all(Array.from({ length: 50 }, () => subject.admit('u1')));
    expect(first.filter((a) => a.admitted)).toHaveLength(10);
    expect(first.filter((a) => !a.admitted).every((a) => !a.admitted && a.retryAfterSeconds === 900)).toBe(true);
    clock.advance(15 * MINUTE);
    const second = await Promise.all(Array.from({ length: 50 }, () => subject.admit('u1')));
    expect(second.filter((a) => a.admitted)).toHaveLength(1);
    expect(await subject.state('u1')).toMatchObject({ answers: 11 });
  });

  it('a right answer forgets the count and the lock; so does an administrator', async () => {
    const { subject, clock } = lockout();
    for (let i = 0; i < 10; i += 1) admitted(await subject.admit('u1'));
    expect((await subject.admit('u1')).admitted).toBe(false);
    await subject.clear('u1');
    expect(await subject.state('u1')).toEqual({ answers: 0, lockedUntil: null });
    for (let i = 0; i < 9; i += 1) admitted(await subject.admit('u1'));
    await subject.succeeded('u1');
    for (let i = 0; i < 9; i += 1) expect(subject.lockAfter(admitted(await subject.admit('u1')))).toBeNull();
    void clock;
  });

  it('forgets a run 7 days after its first answer, locks included, and never meets an old lock again', async () => {
    const { subject, clock } = lockout();
    for (let i = 0; i < 10; i += 1) admitted(await subject.admit('u1'));
    clock.advance(7 * DAY);
    expect(await subject.state('u1')).toEqual({ answers: 0, lockedUntil: null });
    for (let i = 0; i < 9; i += 1) admitted(await subject.admit('u1'));
    const tenth = admitted(await subject.admit('u1'));
    expect(subject.lockAfter(tenth)).toMatchObject({ level: 1, first: true });
    expect(await subject.admit('u1')).toEqual({ admitted: false, retryAfterSeconds: 900 });
  });

  it('the refusal is 429 ACCOUNT_TEMPORARILY_LOCKED with Retry-After', () => {
    const error = new AccountLockedError(900);
    expect(error).toMatchObject({ status: 429, code: 'ACCOUNT_TEMPORARILY_LOCKED', message: 'Account temporarily locked' });
    expect(error.headers()).toEqual({ 'Retry-After': '900', 'X-Retry-After': '900' });
  });
});
