// Providers that share no email (TikTok, Reddit, Roblox; Twitter without a confirmed address):
// their users sign in with a placeholder address that is never mailed, never linked to, and is
// replaced only by an address the person proves (issue 21, item 1).
import { randomUUID } from 'node:crypto';
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { newUser as newUserEntity } from '@tend/identity';
import { providersConfig } from '../src/modules/providers/config.js';
import { TOKENS } from '../src/tokens.js';
import { CookieJar, createOrganization, credentials, errorOf, get, invite, linkOf, type MailTestGateway, newUser, ORIGIN, post, SESSION_COOKIE, signInWith, signUp, startGateway } from './harness/index.js';

let fakes: FakeProviders;
let gateway: MailTestGateway;
beforeAll(async () => {
  fakes = await startFakeProviders();
  // Reddit trusted: the placeholder rule, not the linking rules, is what keeps it from linking.
  gateway = await startGateway({ features: { providers: providersConfig({ settings: fakes.settings(), urlRewrite: fakes.baseURL, linking: { enabled: true, trustedProviders: ['reddit'] } }) } }, { mail: true });
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});

let counter = 0;
const uniqueId = () => `${Date.now()}${counter++}`;

/** Signs in with `provider` as the fake's next user, in a new browser. */
async function signInAs(provider: 'tiktok' | 'reddit' | 'roblox' | 'twitter' | 'vk', profile: Record<string, unknown>) {
  fakes.setUser(provider, profile);
  try {
    const browser = new CookieJar();
    const res = await signInWith(gateway, fakes, browser, provider);
    return { browser, res };
  } finally {
    fakes.setUser(provider, {});
  }
}

async function userOf(browser: CookieJar) {
  return (await get(gateway, '/get-session', browser).expect(200)).body.user as { id: string; email: string; emailVerified: boolean };
}

describe('sign-in with a provider that shares no email', () => {
  it.each([
    ['tiktok', (id: string) => ({ open_id: `-000Oj${id}`, display_name: 'Tik Toker' }), (id: string) => `-000oj${id}@tiktok.placeholder.invalid`],
    ['reddit', (id: string) => ({ id: `r${id}`, name: 'snoo' }), (id: string) => `r${id}@reddit.placeholder.invalid`],
    ['roblox', (id: string) => ({ sub: id, name: 'Builder' }), (id: string) => `${id}@roblox.placeholder.invalid`],
    ['twitter', (id: string) => ({ data: { id, name: 'No Mail', username: 'nomail' }, confirmed_email: null }), (id: string) => `${id}@twitter.placeholder.invalid`],
  ] as const)('signs a %s user up with {account id}@{provider}.placeholder.invalid, unverified, and mails nothing', async (provider, profile, address) => {
    const id = uniqueId();
    const { browser, res } = await signInAs(provider, profile(id));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/welcome');
    expect(browser.has(SESSION_COOKIE)).toBe(true);
    expect(await userOf(browser)).toMatchObject({ email: address(id), emailVerified: false });
    // A new unverified user gets the verification mail (AUTH_SEND_VERIFICATION_ON_SIGN_UP): not this one.
    await gateway.settled();
    expect(gateway.resend.mails.filter((mail) => mail.to.some((to) => to.endsWith('.placeholder.invalid')))).toEqual([]);
  });

  it('signs the same person in again by their provider account', async () => {
    const id = uniqueId();
    const first = await signInAs('roblox', { sub: id });
    const again = await signInAs('roblox', { sub: id });
    expect(again.res.headers.location).toBe('/dashboard');
    expect((await userOf(again.browser)).id).toBe((await userOf(first.browser)).id);
  });

  it('still refuses VK without an email (unable_to_get_user_info)', async () => {
    const { res, browser } = await signInAs('vk', { user: { user_id: uniqueId(), first_name: 'No', last_name: 'Mail' } });
    expect(errorOf(res)).toBe('unable_to_get_user_info');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it('never links to an account holding the placeholder address, even for a trusted provider', async () => {
    const id = uniqueId();
    // Nobody can sign up at a placeholder any more (below); an account holding one from before can still exist.
    const now = gateway.clock.now();
    await gateway.container.get(TOKENS.UserRepository).create(newUserEntity({ id: randomUUID(), email: `r${id}@reddit.placeholder.invalid`, name: 'Squatter' }, now));
    const { res, browser } = await signInAs('reddit', { id: `r${id}` });
    expect(errorOf(res)).toBe('account_not_linked');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });
});

describe('nobody holds a placeholder address in advance', () => {
  // A provider account id can be public (a Roblox profile URL holds it): whoever signed up at its
  // placeholder first would lock its owner out for good (account_not_linked, the address taken).
  it.each([
    ['the default domain', `@roblox.placeholder.invalid`],
    ['any .invalid domain', `@example.invalid`],
  ])('refuses POST /sign-up/email at a placeholder address (%s): 400 INVALID_EMAIL, no user', async (_name, domain) => {
    const email = `${uniqueId()}${domain}`;
    const res = await post(gateway, '/sign-up/email', new CookieJar(), { name: 'Squatter', email, password: 'Correct-horse-999' }).expect(400);
    expect(res.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await gateway.container.get(TOKENS.UserRepository).findByEmail(email)).toBeNull();
  });

  it('so the provider user whose placeholder someone tried to take still signs up', async () => {
    const id = uniqueId();
    await post(gateway, '/sign-up/email', new CookieJar(), { name: 'Squatter', email: `${id}@roblox.placeholder.invalid`, password: 'Correct-horse-999' }).expect(400);
    const { res, browser } = await signInAs('roblox', { sub: id, name: 'Builder' });
    expect(res.headers.location).toBe('/welcome');
    expect(await userOf(browser)).toMatchObject({ email: `${id}@roblox.placeholder.invalid`, emailVerified: false });
  });

  it('refuses an address under AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN too', async () => {
    const own = await startGateway({ features: { providers: providersConfig({ settings: fakes.settings(['reddit']), urlRewrite: fakes.baseURL, placeholderEmailDomain: 'users.tend.example' }) } });
    try {
      const res = await post(own, '/sign-up/email', new CookieJar(), { name: 'Squatter', email: `reddit-r${uniqueId()}@users.tend.example`, password: 'Correct-horse-999' }).expect(400);
      expect(res.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
    } finally {
      await own.close();
    }
  });
});

describe('no mail to a placeholder address', () => {
  it('sends no verification, reset, deletion or invitation mail to it', async () => {
    const id = uniqueId();
    const placeholder = `r${id}@reddit.placeholder.invalid`;
    const { browser } = await signInAs('reddit', { id: `r${id}` });
    await post(gateway, '/send-verification-email', new CookieJar(), { email: placeholder }).expect(200);
    await post(gateway, '/request-password-reset', new CookieJar(), { email: placeholder, redirectTo: '/reset' }).expect(200);
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    await invite(owner, organization.id, placeholder);
    await gateway.settled();
    expect(await gateway.mailsTo(placeholder)).toEqual([]);
    // Deleting the account needs no mailed link: the fresh session is enough.
    expect((await post(gateway, '/delete-user', browser, {}).expect(200)).body).toEqual({ success: true, message: 'User deleted' });
    expect(await gateway.mailsTo(placeholder)).toEqual([]);
  });

  it('sends nothing to an address under AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN either', async () => {
    const own = await startGateway({ features: { providers: providersConfig({ settings: fakes.settings(['reddit']), urlRewrite: fakes.baseURL, placeholderEmailDomain: 'users.tend.example' }) } }, { mail: true });
    try {
      const id = uniqueId();
      fakes.setUser('reddit', { id: `r${id}` });
      const browser = new CookieJar();
      await signInWith(own, fakes, browser, 'reddit');
      const user = (await get(own, '/get-session', browser).expect(200)).body.user;
      expect(user).toMatchObject({ email: `reddit-r${id}@users.tend.example`, emailVerified: false });
      await post(own, '/send-verification-email', new CookieJar(), { email: user.email }).expect(200);
      await own.settled();
      expect(await own.mailsTo(user.email)).toEqual([]);
    } finally {
      fakes.setUser('reddit', {});
      await own.close();
    }
  });
});

describe('adding an email address (POST /change-email from a placeholder)', () => {
  it('mails the new address a link; only opening it replaces the placeholder, verified', async () => {
    const id = uniqueId();
    const placeholder = `r${id}@reddit.placeholder.invalid`;
    const { browser } = await signInAs('reddit', { id: `r${id}` });
    const newEmail = credentials().email;
    expect((await post(gateway, '/change-email', browser, { newEmail, callbackURL: '/verify-email/changed' }).expect(200)).body).toEqual({ status: true });
    // Nothing changes until the new address is proven.
    expect(await userOf(browser)).toMatchObject({ email: placeholder, emailVerified: false });
    const [mail, ...more] = await gateway.mailsTo(newEmail, 'change-email');
    expect(more).toEqual([]);
    expect(mail!.text).toContain(newEmail);
    expect(await gateway.mailsTo(placeholder)).toEqual([]);

    const link = new URL(linkOf(mail!));
    expect(link.origin).toBe(ORIGIN);
    const path = `${link.pathname}${link.search}`;
    // Opened with no one (or someone else) signed in: nothing changes.
    expect((await gateway.http.get(path).expect(302)).headers.location).toBe('/verify-email/changed?error=unauthorized');
    expect((await userOf(browser)).email).toBe(placeholder);
    expect((await gateway.http.get(path).set('Cookie', browser.header).expect(302)).headers.location).toBe('/verify-email/changed');
    expect(await userOf(browser)).toMatchObject({ email: newEmail, emailVerified: true });
    // No second verification round: the link was the proof.
    await gateway.settled();
    expect(await gateway.mailsTo(newEmail, 'verification')).toEqual([]);
    // From now on the address receives mail like any other.
    await post(gateway, '/request-password-reset', new CookieJar(), { email: newEmail, redirectTo: '/reset' }).expect(200);
    expect(await gateway.mailsTo(newEmail, 'password-reset')).toHaveLength(1);
  });

  it('keeps the placeholder when the new address is taken in the meantime', async () => {
    const id = uniqueId();
    const { browser } = await signInAs('reddit', { id: `r${id}` });
    const newEmail = credentials().email;
    await post(gateway, '/change-email', browser, { newEmail }).expect(200);
    const link = new URL(linkOf((await gateway.mailsTo(newEmail, 'change-email'))[0]!));
    await signUp(gateway, { email: newEmail });
    const res = await gateway.http.get(`${link.pathname}${link.search}`).set('Cookie', browser.header).expect(400);
    expect(res.body).toMatchObject({ code: 'COULDN_T_UPDATE_YOUR_EMAIL' });
    expect((await userOf(browser)).email).toBe(`r${id}@reddit.placeholder.invalid`);
  });

  it('refuses a placeholder as the new address: 400 INVALID_EMAIL', async () => {
    const { cookie } = await signUp(gateway);
    const res = await post(gateway, '/change-email', new CookieJar(cookie), { newEmail: `x${uniqueId()}@tiktok.placeholder.invalid` }).expect(400);
    expect(res.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
  });
});
