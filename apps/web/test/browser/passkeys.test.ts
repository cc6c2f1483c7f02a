// Passkeys in Chromium, with its virtual authenticator (the DevTools protocol's WebAuthn domain):
// add a passkey on the Security page, rename it, sign out, sign in with it, delete it; the page
// and the sign-in button without JavaScript. The web app runs on http://localhost:PORT, the
// relying party the gateway takes from AUTH_WEB_URL.
import type { BrowserContext, Page } from 'playwright-core';
import { browserIt, signUp, snap, useStack } from './harness';

jest.setTimeout(180_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'passkeys', name);
const password = 'a calm long password';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A platform authenticator that holds discoverable credentials and verifies the person. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  // Chromium's virtual authenticator answers an autofill (conditional) request at once, as if the
  // passkey had been picked: the page offers it only while the test says so.
  await page.addInitScript(() => {
    if (window.localStorage.getItem('test-autofill') !== 'on' && window.PublicKeyCredential) PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    autofill: (on: boolean) => page.evaluate((value) => (value ? window.localStorage.setItem('test-autofill', 'on') : window.localStorage.removeItem('test-autofill')), on),
  };
}

/** What has the keyboard focus (its text), once it holds `text`: the confirmation, after the button that had it went away. */
async function focusHolds(page: Page, text: string): Promise<string> {
  await page.waitForFunction((wanted) => document.activeElement?.textContent?.includes(wanted) ?? false, text, { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(() => document.activeElement?.textContent?.slice(0, 80) ?? '');
}

browserIt('adds a passkey, renames it, signs in with it after signing out, and deletes it', async () => {
  const { context, page } = await stack().newPage();
  const authenticator = await virtualAuthenticator(context, page);
  const email = `passkeys.${unique()}@example.com`;
  await signUp(page, { name: 'Pat', email, password });

  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Security' }).click();
  await page.waitForURL('**/account/security');
  await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
  await page.getByText("You don't have any passkeys yet.").waitFor();
  await shot(page, 'empty');

  // No name: asked for next to its field, and no passkey prompt.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByText('Give the passkey a name').waitFor();

  await page.getByLabel('Passkey name', { exact: true }).fill('Laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByText('Passkey “Laptop” added.').waitFor();
  expect(await focusHolds(page, 'Passkey “Laptop” added.')).toContain('Passkey “Laptop” added.');
  const item = page.getByRole('listitem').filter({ hasText: 'Laptop' });
  await item.getByRole('heading', { name: 'Laptop' }).waitFor();
  expect(await authenticator.credentials()).toHaveLength(1);
  expect((await stack().mails(email)).some((mail) => mail.purpose === 'passkey-added')).toBe(true);
  await shot(page, 'added');

  // Rename: the row asks for the new name.
  await item.getByRole('button', { name: 'Rename' }).click();
  const newName = page.getByLabel('New name', { exact: true });
  await newName.waitFor();
  await shot(page, 'renaming');
  await newName.fill('Work laptop');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Passkey renamed to “Work laptop”.').waitFor();
  expect(await focusHolds(page, 'Passkey renamed')).toContain('Passkey renamed to “Work laptop”.');
  await page.getByRole('listitem').filter({ hasText: 'Work laptop' }).getByRole('button', { name: 'Delete' }).waitFor();
  await shot(page, 'renamed');

  // Signed out, the passkey signs in: no password.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/sign-in?redirectTo=%2Faccount%2Fsecurity');
  expect(await page.getByLabel('Email or username', { exact: true }).getAttribute('autocomplete')).toBe('username webauthn');
  await shot(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/account/security');
  await page.getByRole('heading', { name: 'Passkeys' }).waitFor();

  // The email field's autofill offers the passkey: picking it signs in.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await authenticator.autofill(true);
  await page.goto('/sign-in?redirectTo=%2Faccount%2Fsecurity');
  await page.waitForURL('**/account/security');
  await authenticator.autofill(false);

  // Deleted: gone from the list, and it no longer signs in.
  await page.getByRole('listitem').filter({ hasText: 'Work laptop' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Passkey “Work laptop” deleted.').waitFor();
  expect(await focusHolds(page, 'deleted')).toContain('Passkey “Work laptop” deleted.');
  await page.getByText("You don't have any passkeys yet.").waitFor();
  await shot(page, 'deleted');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByText("That passkey isn't linked to a Tend account any more.").waitFor();
  await shot(page, 'sign-in-refused');
  await context.close();
});

browserIt('without JavaScript: the passkey buttons explain that they need it', async () => {
  const { context, page } = await stack().newPage({ javaScriptEnabled: false });
  await signUp(page, { name: 'Sam', email: `passkeys.nojs.${unique()}@example.com`, password });
  await page.goto('/account/security');
  await page.getByText('Adding a passkey needs JavaScript in your browser.').waitFor();
  await page.getByLabel('Passkey name', { exact: true }).fill('Laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('alert').filter({ hasText: 'needs JavaScript' }).waitFor();
  await shot(page, 'no-js-add');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByRole('alert').filter({ hasText: 'needs JavaScript' }).waitFor();
  await shot(page, 'no-js-sign-in');
  await context.close();
});
