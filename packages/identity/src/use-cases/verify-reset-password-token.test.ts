import { identityFixture } from '../testing/identity-fixture.js';
import { RESET_PASSWORD_EXPIRES_IN } from '../verification-values.js';
import { RequestPasswordReset } from './request-password-reset.js';
import { VerifyResetPasswordToken } from './verify-reset-password-token.js';

async function mailedResetToken(f: ReturnType<typeof identityFixture>, email: string): Promise<string> {
  await new RequestPasswordReset(f).execute({ email });
  const [mail] = await f.mailsTo(email);
  return decodeURIComponent(new URL(mail!.links[0]!).pathname.split('/').pop()!);
}

describe('VerifyResetPasswordToken', () => {
  it('answers true for a live token without consuming it, false once it has expired', async () => {
    const f = identityFixture();
    const ada = await f.user();
    const token = await mailedResetToken(f, ada.email);
    const verify = new VerifyResetPasswordToken(f);
    expect(await verify.execute(token)).toBe(true);
    expect(await verify.execute(token)).toBe(true);
    f.clock.advance(RESET_PASSWORD_EXPIRES_IN * 1000 + 1);
    expect(await verify.execute(token)).toBe(false);
  });

  it('answers false for an unknown token and for one not shaped like ours', async () => {
    const f = identityFixture();
    const verify = new VerifyResetPasswordToken(f);
    expect(await verify.execute('a'.repeat(24))).toBe(false);
    expect(await verify.execute('not a token')).toBe(false);
  });
});
