import { ManualClock } from '@tend/kernel';
import { EmailVerificationTokens } from './email-verification-token.js';

describe('EmailVerificationTokens', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const tokens = new EmailVerificationTokens('a-secret-of-at-least-32-characters!!', clock);

  it('signs HS256 tokens that carry the lowercase email and, for a change, updateTo', async () => {
    const { token, id } = await tokens.create({ email: 'Ada@Example.com', updateTo: 'New@Example.com' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await tokens.verify(token)).toEqual({ email: 'ada@example.com', updateTo: 'new@example.com' });
  });

  it('expires after one hour of the injected clock, not the system clock', async () => {
    const { token } = await tokens.create({ email: 'ada@example.com' });
    clock.advance(3_599_000);
    await expect(tokens.verify(token)).resolves.toEqual({ email: 'ada@example.com' });
    clock.advance(1000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ status: 400, code: 'TOKEN_EXPIRED', message: 'token_expired' });
  });

  it('refuses another secret, a changed payload and malformed text as invalid_token', async () => {
    const { token } = await new EmailVerificationTokens('another-secret-of-at-least-32-chars!', clock).create({ email: 'ada@example.com' });
    const [header, , signature] = (await tokens.create({ email: 'ada@example.com' })).token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ email: 'eve@example.com', exp: 4102444800 })).toString('base64url')}.${signature}`;
    for (const bad of [token, forged, 'a.b.c', 'not-a-jwt', '%%%.%%%.%%%']) {
      await expect(tokens.verify(bad)).rejects.toMatchObject({ code: 'INVALID_TOKEN', message: 'invalid_token' });
    }
  });
});
