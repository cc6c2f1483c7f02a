import { identityFixture, tokenParam } from '../testing/identity-fixture.js';
import { SendVerificationEmail } from './send-verification-email.js';

describe('SendVerificationEmail', () => {
  it('mails an unverified user a link whose token names their address', async () => {
    const f = identityFixture();
    const ada = await f.user();
    await new SendVerificationEmail(f).execute({ email: ada.email.toUpperCase(), callbackURL: '/welcome' });
    const [mail] = await f.mailsTo(ada.email);
    expect(mail).toMatchObject({ purpose: 'verification' });
    expect(new URL(mail!.links[0]!).searchParams.get('callbackURL')).toBe('/welcome');
    expect(await f.tokens.verify(tokenParam(mail!.links[0]))).toMatchObject({ email: ada.email });
  });

  it('mails nobody for an unknown or already verified address, and answers the same', async () => {
    const f = identityFixture();
    const verified = await f.user({ emailVerified: true });
    const send = new SendVerificationEmail(f);
    await expect(send.execute({ email: verified.email })).resolves.toBeUndefined();
    await expect(send.execute({ email: 'nobody@example.com' })).resolves.toBeUndefined();
    await f.delivery.idle();
    expect(f.outbox.list()).toEqual([]);
  });
});
