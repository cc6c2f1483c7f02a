import { createMemoryTables } from '@tend/kernel';
import { MemoryAuditLog, newAuditEvent } from '@tend/admin';
import { ACTIVITY_PAGE, KnownDevices, ListAccountActivity, auditLogActivity, describeUserAgent, newDeviceSignInEmail, onePerAccount, sessionsToDrop } from './index.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 10, minutes));

describe('sessionsToDrop', () => {
  const held = [1, 2, 3, 4, 5].map((n) => ({ token: `t${n}`, userId: `u${n}`, createdAt: at(n) }));

  it('drops the oldest past the limit', () => {
    expect(sessionsToDrop(held, { token: 't6', userId: 'u6', createdAt: at(6) }, 5).map((s) => s.token)).toEqual(['t1']);
    expect(sessionsToDrop(held, { token: 't6', userId: 'u6', createdAt: at(6) }, 3).map((s) => s.token)).toEqual(['t1', 't2', 't3']);
  });

  it("drops the same account's older session, and then needs no room", () => {
    expect(sessionsToDrop(held, { token: 'new3', userId: 'u3', createdAt: at(6) }, 5).map((s) => s.token)).toEqual(['t3']);
  });

  it('keeps everything under the limit', () => {
    expect(sessionsToDrop(held.slice(0, 2), { token: 't6', userId: 'u6', createdAt: at(6) }, 5)).toEqual([]);
  });
});

describe('onePerAccount', () => {
  it('keeps the newest session per user, newest first', () => {
    const entries = [
      { session: { userId: 'a', createdAt: at(1) }, n: 1 },
      { session: { userId: 'b', createdAt: at(2) }, n: 2 },
      { session: { userId: 'a', createdAt: at(3) }, n: 3 },
    ];
    expect(onePerAccount(entries).map((e) => e.n)).toEqual([3, 2]);
  });
});

describe('KnownDevices', () => {
  const devices = new KnownDevices('a secret of at least thirty-two characters!');

  it('remembers accounts per browser by keyed marks that name no account', () => {
    const one = devices.remember(null, 'user-1');
    expect(one).not.toContain('user-1');
    expect(devices.knows(one, 'user-1')).toBe(true);
    expect(devices.knows(one, 'user-2')).toBe(false);
    const two = devices.remember(one, 'user-2');
    expect(devices.knows(two, 'user-1') && devices.knows(two, 'user-2')).toBe(true);
    expect(devices.remember(two, 'user-1').split('.')).toHaveLength(2);
  });

  it('forgets the oldest past 40 accounts, and ignores junk', () => {
    let value: string | null = null;
    for (let i = 0; i < 41; i++) value = devices.remember(value, `user-${i}`);
    expect(devices.knows(value, 'user-0')).toBe(false);
    expect(devices.knows(value, 'user-40')).toBe(true);
    expect(devices.knows('not.marks', 'user-1')).toBe(false);
  });

  it('differs by secret', () => {
    expect(new KnownDevices('another secret of at least thirty-two chars').markOf('u')).not.toBe(devices.markOf('u'));
  });
});

describe('describeUserAgent', () => {
  it('reads the browser and system', () => {
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({ browser: 'Chrome 131', os: 'macOS Catalina' });
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ browser: 'Firefox 133', os: 'Linux' });
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1').browser).toBe('Safari 17');
  });

  it('says when it cannot tell', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'An unknown browser', os: 'an unknown system' });
    expect(describeUserAgent('curl/8.5.0').os).toBe('an unknown system');
  });
});

describe('newDeviceSignInEmail', () => {
  it('names the time, browser, system, address and the sessions page, and what to do', () => {
    const mail = newDeviceSignInEmail({ name: 'Ada', at: at(59), userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', ipAddress: '203.0.113.9', sessionsURL: 'https://app.example/account/sessions' });
    expect(mail.subject).toContain('New sign-in');
    expect(mail.text).toContain('29 November 2026, 10:59 UTC');
    expect(mail.text).toContain('Firefox 133');
    expect(mail.text).toContain('Linux');
    expect(mail.text).toContain('203.0.113.9');
    expect(mail.text).toContain('https://app.example/account/sessions');
    expect(mail.text).toContain('If this was not you');
    expect(mail.html).toContain('https://app.example/account/sessions');
  });

  it('escapes a hostile user agent in the HTML', () => {
    const mail = newDeviceSignInEmail({ name: '<b>x</b>', at: at(1), userAgent: '<script>alert(1)</script>', ipAddress: null, sessionsURL: 'https://app.example/account/sessions' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>x</b>');
  });
});

describe('ListAccountActivity', () => {
  it("answers the user's own shown events, newest first, paged, with the sign-in method", async () => {
    const log = new MemoryAuditLog(createMemoryTables());
    const record = (action: string, minute: number, target: string | null, actor: string | null = target, detail: Record<string, unknown> | null = null) =>
      log.record(newAuditEvent({ action: action as never, actorId: actor, targetUserId: target, detail, ipAddress: '203.0.113.1', userAgent: 'ua' }, at(minute)));
    await record('sign-in.success', 1, 'me', 'me', { method: 'passkey' });
    await record('sign-in.failure', 2, 'me', null, { method: 'email' });
    await record('organization.update', 3, 'me');
    await record('user.ban', 4, 'someone', 'me');
    await record('password.change', 5, 'me');
    await record('sign-in.success', 6, 'someone');
    const activity = new ListAccountActivity({ log: auditLogActivity(log) });
    const page = await activity.execute('me');
    expect(page.events.map((e) => [e.action, e.method])).toEqual([
      ['password.change', null],
      ['sign-in.failure', 'email'],
      ['sign-in.success', 'passkey'],
    ]);
    expect(page.total).toBe(3);
    expect((await activity.execute('me', { limit: 1, offset: 1 })).events.map((e) => e.action)).toEqual(['sign-in.failure']);
    expect((await activity.execute('me', { limit: 1000 })).events).toHaveLength(3);
    expect(ACTIVITY_PAGE.maxLimit).toBe(100);
  });
});
