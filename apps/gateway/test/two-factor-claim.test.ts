// Account pre-hijacking and the second factor: someone registers another person's address and
// turns two-factor on; when the owner proves the address through a provider, that second factor
// goes with the registrant's password and sessions (the module's `credentials` declaration).
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { stepAt, totpAt } from '@tend/two-factor';
import { providersConfig } from '../src/modules/providers/config.js';
import { auditLog, CookieJar, get, post, signInAdmin, signInWith, signUp, startGateway, type TestGateway } from './harness/index.js';

let fakes: FakeProviders;
let gateway: TestGateway;
beforeAll(async () => {
  fakes = await startFakeProviders({ now: () => gateway.clock.now().getTime() });
  gateway = await startGateway({ features: { providers: providersConfig({ settings: fakes.settings(), urlRewrite: fakes.baseURL }) } });
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});

it("removes a registrant's second factor when the address's owner claims the unverified account", async () => {
  const admin = await signInAdmin(gateway);
  const squatter = await signUp(gateway);
  const email = squatter.body.email as string;
  const enabled = await post(gateway, '/two-factor/enable', squatter.cookie, { password: squatter.body.password }).expect(200);
  const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
  await post(gateway, '/two-factor/verify-totp', squatter.cookie, { code: totpAt(secret, stepAt(gateway.clock.now())) }).expect(200);
  expect((await get(gateway, '/get-session', squatter.cookie).expect(200)).body.user.twoFactorEnabled).toBe(true);

  fakes.setUser('google', { sub: `g${Date.now()}`, email, email_verified: true, name: 'Real Owner' });
  const browser = new CookieJar();
  const res = await signInWith(gateway, fakes, browser, 'google');
  fakes.setUser('google', {});
  // The owner is in at once: no second step set up by someone else.
  expect(res.headers.location).toBe('/dashboard');
  expect((await get(gateway, '/get-session', browser).expect(200)).body.user).toMatchObject({ email, twoFactorEnabled: false });
  // The registrant's enrolment is gone: enabling starts from nothing for the owner.
  const { events } = await auditLog(gateway, admin.cookie, { limit: 100 });
  const claimed = events.find((event) => event.action === 'account.claimed' && event.targetUserId === squatter.user.id);
  expect(claimed?.detail?.revoked).toEqual(expect.arrayContaining(['two-factor']));
});
