// Two-factor over HTTP: turning it on for a signed-in browser, and the codes of its app.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { stepAt, totpAt } from '@tend/two-factor';
import { TOKENS } from '../../src/tokens.js';
import type { CookieJar } from './cookies.js';
import type { TestGateway } from './gateway.js';
import { post } from './requests.js';

/** The second-factor cookie (a pending sign-in) and the trust cookie. */
export const TWO_FACTOR_COOKIE = 'tend.two_factor';

export interface Enrolment {
  /** The app's code `offset` steps from now. */
  code(offset?: number): string;
  /** A code no step near now has. */
  wrongCode(): string;
  backupCodes: string[];
  totpURI: string;
}

/** Turns two-factor on for the signed-in `browser` (enable, then the first code); the clock moves past the step used. */
export async function turnOnTwoFactor(gateway: TestGateway, browser: CookieJar | string, password: string): Promise<Enrolment> {
  const enabled = await post(gateway, '/two-factor/enable', browser, { password }).expect(200);
  const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
  const code = (offset = 0) => totpAt(secret, stepAt(gateway.clock.now()) + offset);
  await post(gateway, '/two-factor/verify-totp', browser, { code: code() }).expect(200);
  gateway.clock.advance(30_000);
  const wrongCode = () => ['000000', '111111', '222222'].find((candidate) => ![-1, 0, 1].some((offset) => code(offset) === candidate))!;
  return { code, wrongCode, backupCodes: enabled.body.backupCodes as string[], totpURI: enabled.body.totpURI as string };
}

/** The mails the development outbox holds for `email`, newest first, once the deliveries are done. */
export async function outboxOf(gateway: TestGateway, email: string) {
  await gateway.container.get(TOKENS.MailDelivery).idle();
  return gateway.container.get(TOKENS.DevOutbox)!.list().filter((mail) => mail.to === email);
}
