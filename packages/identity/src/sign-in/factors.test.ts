import { channelsOf, CORE_FACTORS, factorTable } from './factors.js';

describe('factors', () => {
  it('gives every core factor a kind and a channel; the mailbox is one channel for the link and the code', () => {
    for (const traits of Object.values(CORE_FACTORS)) expect(traits.channel).toMatch(/\S/);
    expect(CORE_FACTORS.email.channel).toBe(CORE_FACTORS.otp.channel);
    expect(CORE_FACTORS.passkey.channel).not.toBe(CORE_FACTORS['user-verification'].channel);
    expect(new Set([CORE_FACTORS.provider.channel, CORE_FACTORS.sso.channel, CORE_FACTORS.email.channel]).size).toBe(3);
  });

  it('counts channels: one per channel, none for an unknown factor', () => {
    expect(channelsOf(['email', 'otp'])).toEqual(new Set(['mailbox']));
    expect(channelsOf(['password', 'totp']).size).toBe(2);
    expect(channelsOf(['passkey', 'user-verification']).size).toBe(2);
    expect(channelsOf(['made-up', 'toString', '__proto__']).size).toBe(0);
  });

  it('takes declared factors beside the core ones, never over them', () => {
    const table = factorTable({ 'sms-code': { kind: 'possession', channel: 'phone', label: 'a code by text message' } });
    expect(channelsOf(['sms-code', 'password'], table)).toEqual(new Set(['phone', 'password']));
    expect(() => factorTable({ email: { kind: 'possession', channel: 'phone', label: 'x' } })).toThrow('Factors already defined: email');
  });
});
