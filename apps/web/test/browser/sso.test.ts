// Single sign-on in Chromium: an owner adds their organization's OpenID provider on the
// organization page (a real oidc-provider on 127.0.0.1), verifies its domain by a TXT record
// (published on a loopback DNS server the gateway asks through AUTH_DNS_SERVERS), changes the
// domain and verifies it again; a person signs in with "Sign in with single sign-on" by work email,
// goes through the IdP and comes back signed in and a member of the organization; the owner
// deletes the provider.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, startStack, type Stack } from './harness';

jest.setTimeout(240_000);

/** The part of @tend/sso's test support this test uses. */
interface OidcIdp {
  issuer: string;
  account: { sub: string; email: string; name: string };
  close(): Promise<void>;
}

/** The loopback DNS server of @tend/sso's test support. */
interface TxtServer {
  address: string;
  publish(name: string, values: string[]): void;
  close(): Promise<void>;
}

/** The test IdP and DNS server, loaded from the sso package's sources (the web app depends on no core package). */
function loadIdp(): {
  startOidcIdp(options: { clientId: string; clientSecret: string; redirectURIs: string[]; account: OidcIdp['account'] }): Promise<OidcIdp>;
  startTxtServer(): Promise<TxtServer>;
} {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(__dirname, '..', '..', '..', '..', 'packages', 'sso', 'src', 'testing', 'index.ts'));
}

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const domain = `acme-${unique}.example`;
const newDomain = `acme-health-${unique}.example`;
const providerId = `acme-${unique}`;
const CLIENT = { clientId: 'tend-web-sso', clientSecret: 'web-sso-client-secret-0123456789' };

let stack: Stack | undefined;
let idp: OidcIdp | undefined;
let dns: TxtServer | undefined;
let warn: jest.SpyInstance | undefined;

beforeAll(async () => {
  if (browserIt !== it) return;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  dns = await loadIdp().startTxtServer();
  // The gateway's public URL is this web origin: the IdP sends the browser back through its proxy.
  // Its TXT look-ups go to the loopback DNS server, where the test publishes the owner's record.
  stack = await startStack({ gatewayEnv: ({ webUrl }) => ({ AUTH_BASE_URL: webUrl, AUTH_DNS_SERVERS: dns!.address }) });
  idp = await loadIdp().startOidcIdp({ ...CLIENT, redirectURIs: [`${stack.webUrl}/api/auth/sso/callback/${providerId}`], account: { sub: 'placeholder', email: `x@${domain}`, name: 'X' } });
});
afterAll(async () => {
  await stack?.stop();
  await idp?.close();
  await dns?.close();
  warn?.mockRestore();
});

const shot = (page: Page, name: string) => snap(page, 'sso', name);

browserIt('adds, edits and deletes an identity provider; a person signs in through it and joins the organization', async () => {
  const s = stack!;
  const owner = await s.newPage();
  const organizationName = `Acme Health ${unique}`;

  await signUp(owner.page, { name: 'Olive Owner', email: `olive.${unique}@example.com`, password: 'a calm long password' });
  await owner.page.goto('/organizations');
  await owner.page.getByLabel('Name', { exact: true }).pressSequentially(organizationName, { delay: 5 });
  await owner.page.getByText('That slug is free.').waitFor();
  await owner.page.getByRole('button', { name: 'Create organization' }).click();
  await owner.page.getByRole('heading', { level: 1, name: organizationName }).waitFor();
  // The Single sign-on page of the organization area.
  await owner.page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Single sign-on' }).click();
  await owner.page.waitForURL(/\/organizations\/[^/?]+\/sso$/);
  const organizationPath = new URL(owner.page.url()).pathname;

  const section = owner.page.getByRole('region', { name: 'Single sign-on' });
  await section.getByText('No identity provider yet.').waitFor();
  await expectAccessible(owner.page, 'single sign-on page, no identity provider');

  // Sent empty: each field the protocol needs says what is missing.
  await section.getByRole('button', { name: 'Add an identity provider' }).click();
  await section.getByText("Please enter the identity provider's issuer URL.").waitFor();
  await expectAccessible(owner.page, 'add form with errors');
  await shot(owner.page, 'add-errors');

  await section.getByLabel('OpenID Connect (Entra ID, Okta, Keycloak…)').check();
  await section.getByLabel('Email domain', { exact: true }).fill(domain);
  await section.getByLabel('Issuer URL').fill(idp!.issuer);
  await section.getByLabel('Client ID').fill(CLIENT.clientId);
  await section.getByLabel('Client secret').fill(CLIENT.clientSecret);
  await section.getByLabel('Provider ID (optional)').fill(providerId);
  await section.getByRole('button', { name: 'Add an identity provider' }).click();
  await section.getByText(`The identity provider for ${domain} is added.`, { exact: false }).waitFor();
  const providers = section.getByRole('list', { name: 'Identity providers' });
  await providers.getByText(`${s.webUrl}/api/auth/sso/callback/${providerId}`).waitFor();
  await expect(owner.page.content()).resolves.not.toContain(CLIENT.clientSecret);
  await expectAccessible(owner.page, 'provider added');
  await shot(owner.page, 'added');

  // Verify domain: the state, the TXT record (name and value, each with a copy button); focus is on it.
  const verifyBox = (d: string) => providers.getByRole('group', { name: 'Verify domain' }).filter({ hasText: d });
  await providers.getByText('Not verified', { exact: true }).waitFor();
  const recordName = `_better-auth-token-${providerId}.${domain}`;
  await expect(verifyBox(domain).getByLabel('TXT record name').inputValue()).resolves.toBe(recordName);
  const token = await verifyBox(domain).getByLabel('TXT record value').inputValue();
  expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
  await expect(owner.page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? '')).resolves.toMatch(/-verify-title$/);
  await verifyBox(domain).getByRole('button', { name: 'Copy TXT record value' }).click();
  await verifyBox(domain).getByText(/Copied to your clipboard\.|We couldn't copy it for you/).waitFor();
  await expectAccessible(owner.page, 'verify domain');
  await shot(owner.page, 'verify-domain');
  // Not published yet: the refusal is said in the box, and focus goes to it.
  await verifyBox(domain).getByRole('button', { name: 'Verify domain' }).click();
  await verifyBox(domain).getByText("We couldn't find the TXT record with this token yet.", { exact: false }).waitFor();
  await expect(owner.page.evaluate(() => document.activeElement?.getAttribute('role') ?? '')).resolves.toBe('alert');
  await expectAccessible(owner.page, 'verify domain refused');
  // Published: Verify domain, from the keyboard.
  dns!.publish(recordName, [token]);
  const verifyButton = verifyBox(domain).getByRole('button', { name: 'Verify domain' });
  await verifyButton.focus();
  await owner.page.keyboard.press('Enter');
  await section.getByText('The domain is verified.', { exact: false }).waitFor();
  await providers.getByText('Verified', { exact: true }).waitFor();
  await expect(providers.getByRole('group', { name: 'Verify domain' }).count()).resolves.toBe(0);
  await expect(owner.page.evaluate(() => document.activeElement?.className ?? '')).resolves.toBe('sso-verified');
  await expectAccessible(owner.page, 'domain verified');
  await shot(owner.page, 'domain-verified');

  // Edit: the domain form opens (a plain GET), and saving moves sign-ins to the new domain. Each
  // row's buttons are named Edit and Delete, as the issue writes them (the row's heading describes them).
  const row = (name: string) => providers.getByRole('listitem').filter({ has: owner.page.getByRole('heading', { name: new RegExp(`^${name.replace(/\./g, '\\.')} `) }) });
  await row(domain).getByRole('button', { name: 'Delete', exact: true }).waitFor();
  await row(domain).getByRole('button', { name: 'Edit', exact: true }).click();
  const domainField = section.getByLabel(`Email domain for ${providerId}`);
  await domainField.waitFor();
  await expectAccessible(owner.page, 'editing a provider');
  await domainField.fill(newDomain);
  await section.getByRole('button', { name: 'Save domain' }).click();
  await section.getByText(`The domain is now ${newDomain}. Sign-ins stay off until you verify it.`).waitFor();
  await providers.getByRole('heading', { name: new RegExp(newDomain.replace(/\./g, '\\.')) }).waitFor();
  // The new domain is not verified: a fresh look at the token (Get verification token), published, verified.
  await providers.getByText('Not verified', { exact: true }).waitFor();
  await verifyBox(newDomain).getByRole('button', { name: 'Get verification token' }).click();
  const again = await verifyBox(newDomain).getByLabel('TXT record value').inputValue();
  expect(again).toMatch(/^[A-Za-z0-9]{24}$/);
  await expectAccessible(owner.page, 'verification token of the new domain');
  dns!.publish(`_better-auth-token-${providerId}.${newDomain}`, [again]);
  await verifyBox(newDomain).getByRole('button', { name: 'Verify domain' }).click();
  await section.getByText('The domain is verified.', { exact: false }).waitFor();

  // A person signs in with their work email.
  const person = await s.newPage();
  idp!.account = { sub: `nina-${unique}`, email: `nina@${newDomain}`, name: 'Nina Sso' };
  await person.page.goto('/sign-in');
  await person.page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await person.page.getByRole('heading', { level: 1, name: 'Sign in with single sign-on' }).waitFor();
  await expectAccessible(person.page, 'sign in with single sign-on');
  await person.page.getByLabel('Work email').fill(`nina@unknown-${unique}.example`);
  await person.page.getByRole('button', { name: 'Continue' }).click();
  await person.page.getByText("Single sign-on isn't set up for that email's organization.", { exact: false }).waitFor();
  await expectAccessible(person.page, 'sso sign-in, unknown domain');
  await shot(person.page, 'unknown-domain');
  await person.page.getByLabel('Work email').fill(`nina@${newDomain}`);
  await person.page.getByRole('button', { name: 'Continue' }).click();
  // Through the IdP (which logs in at once) and back through the callback.
  await person.page.waitForURL(`${s.webUrl}/account`);
  await person.page.locator('#main').getByText(`nina@${newDomain}`).first().waitFor();
  await person.page.goto('/organizations');
  await person.page.getByRole('link', { name: organizationName }).waitFor();
  await shot(person.page, 'member');

  // Without JavaScript: the same forms, plain posts and redirects.
  const plain = await s.newPage({ javaScriptEnabled: false });
  idp!.account = { sub: `omar-${unique}`, email: `omar@${newDomain}`, name: 'Omar Plain' };
  await plain.page.goto('/sign-in');
  await plain.page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await plain.page.getByLabel('Work email').fill(`omar@${newDomain}`);
  await plain.page.getByRole('button', { name: 'Continue' }).click();
  // A page that goes on to the IdP by itself (a form post may not be redirected to another origin).
  await plain.page.waitForURL(`${s.webUrl}/account`);
  await plain.page.locator('#main').getByText(`omar@${newDomain}`).first().waitFor();

  // The owner removes the provider.
  await owner.page.goto(organizationPath);
  await row(newDomain).getByRole('button', { name: 'Delete', exact: true }).click();
  await section.getByText('The identity provider is removed.', { exact: false }).waitFor();
  await section.getByText('No identity provider yet.').waitFor();
  await expectAccessible(owner.page, 'provider deleted');
});
