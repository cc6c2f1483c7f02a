import { FIXTURE_AUTH_URL, identityFixture } from '../testing/identity-fixture.js';
import { PASSWORD_RESET_REQUESTED, RequestPasswordReset } from './request-password-reset.js';

describe('RequestPasswordReset', () => {
  it('stores a one-hour reset token for a known address and mails its link (the path carries the token)', async () => {
    const f = identityFixture();
    const ada = await f.user();
    const answer = await new RequestPasswordReset(f).execute({ email: ada.email.toUpperCase(), redirectTo: '/reset' });
    expect(answer).toEqual({ status: true, message: PASSWORD_RESET_REQUESTED });
    const [mail] = await f.mailsTo(ada.email);
    expect(mail).toMatchObject({ purpose: 'password-reset' });
    const link = new URL(mail!.links[0]!);
    expect(link.href.startsWith(`${FIXTURE_AUTH_URL}/reset-password/`)).toBe(true);
    expect(link.searchParams.get('callbackURL')).toBe('/reset');
    const token = link.pathname.split('/').pop()!;
    const stored = [...f.tables.verifications.values()];
    expect(stored).toEqual([expect.objectContaining({ identifier: `reset-password:${token}`, value: ada.id })]);
    expect(stored[0]!.expiresAt.getTime() - f.clock.now().getTime()).toBe(3_600_000);
  });

  it('answers an unknown address the same, storing and mailing nothing', async () => {
    const f = identityFixture();
    expect(await new RequestPasswordReset(f).execute({ email: 'nobody@example.com' })).toEqual({ status: true, message: PASSWORD_RESET_REQUESTED });
    await f.delivery.idle();
    expect(f.outbox.list()).toEqual([]);
    expect(f.tables.verifications.size).toBe(0);
  });

  it('drops the token when its mail cannot leave', async () => {
    const f = identityFixture();
    const ada = await f.user();
    f.outbox.failNext();
    await new RequestPasswordReset(f).execute({ email: ada.email });
    await f.delivery.idle();
    expect(f.tables.verifications.size).toBe(0);
  });
});
