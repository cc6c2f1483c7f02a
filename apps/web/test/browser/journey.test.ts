// The whole life of an account, in Chromium, against a real gateway and this web server:
// sign up -> verify from the outbox -> sign out -> sign in -> change password -> list and revoke a
// session -> forgot/reset password -> delete account.
import type { Page } from 'playwright-core';
import { browserIt, latestLink, signUp, snap, useStack } from './harness';

// Starting a gateway, this server and Chromium, then walking pages, takes a while.
jest.setTimeout(180_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'journey', name);
const email = `ada.${Date.now()}@example.com`;
const username = `ada_${Date.now().toString(36)}`;
const passwords = ['first calm password', 'second calm password', 'third calm password'] as const;

async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
}

browserIt('carries an account from sign-up to deletion', async () => {
  const s = stack();
  const { context, page } = await s.newPage();

  // Sign up
  await page.goto('/');
  await shot(page, 'home');
  await page.getByRole('link', { name: 'Create your account' }).click();
  await page.waitForURL('**/sign-up');
  await signUp(page, { name: 'Ada', email, password: passwords[0], username }, { onForm: true, beforeSubmit: () => shot(page, 'sign-up') });
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome to Tend');
  await shot(page, 'verify-email-notice');

  // Verify from the outbox: the development outbox page lists the mail and its link.
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('heading', { name: 'Development outbox' }).waitFor();
  await shot(page, 'dev-outbox');
  const verifyLink = await latestLink(s, email, /verif/i);
  await page.getByRole('link', { name: verifyLink }).first().click();
  await page.waitForURL('**/verify-email/result**');
  await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
  await shot(page, 'verify-email-result');

  // Account, then sign out from the header.
  await page.goto('/account');
  await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
  await shot(page, 'account-profile');
  await page.goto('/account/email');
  await page.getByText('Verified', { exact: true }).waitFor();
  await shot(page, 'account-email');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText("You've signed out. Take care.").waitFor();
  await shot(page, 'signed-out');
  expect((await context.cookies()).find((c) => c.name === 'tend.session_token')).toBeUndefined();

  // Sign in by username; the session cookie is HttpOnly on the web app's origin.
  await signIn(page, username, passwords[0]);
  const cookie = (await context.cookies()).find((c) => c.name === 'tend.session_token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', domain: 'localhost' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('tend.session_token');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).toBe('{}');

  // Change password.
  await page.goto('/account/password');
  await page.getByLabel('Current password', { exact: true }).fill(passwords[0]);
  expect(await page.getByText('Your account has no password yet', { exact: false }).count()).toBe(0);
  await page.getByLabel('New password', { exact: true }).fill(passwords[1]);
  await page.getByLabel('Type the new password again', { exact: true }).fill(passwords[1]);
  await shot(page, 'account-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Your new password is saved.').waitFor();
  await shot(page, 'account-password-changed');

  // A second device signs in; this one lists both and signs the other out.
  const phone = await s.newPage({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', width: 390 });
  await signIn(phone.page, email, passwords[1]);
  await page.goto('/account/sessions');
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices.count()).resolves.toBe(2);
  await page.getByText('This device').waitFor();
  await page.getByRole('heading', { name: 'Safari on iPhone' }).waitFor();
  await shot(page, 'account-sessions');
  await page.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
  await page.getByText('Safari on iPhone has been signed out.').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Signed-in devices"] > li').length === 1, null, { timeout: 5000 });
  await shot(page, 'account-sessions-revoked');
  await phone.page.goto('/account');
  await phone.page.waitForURL('**/sign-in?redirectTo=%2Faccount');
  await snap(phone.page, 'journey', 'phone-signed-out');
  await phone.context.close();

  // Forgot password -> mail -> reset page -> signed in.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await shot(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await shot(page, 'forgot-password-sent');
  await page.goto(await latestLink(s, email, /reset/i));
  await page.waitForURL('**/reset-password?token=**');
  await page.getByLabel('New password', { exact: true }).fill(passwords[2]);
  await page.getByLabel('Type it again', { exact: true }).fill(passwords[2]);
  await shot(page, 'reset-password');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await page.waitForURL('**/account?notice=password-reset');
  await page.getByText("Your new password is saved and you're signed in.").waitFor();
  await shot(page, 'reset-password-signed-in');

  // Delete the account with the password.
  await page.goto('/account/delete');
  await page.getByLabel('Password', { exact: true }).fill(passwords[2]);
  await page.getByLabel('I understand this deletes my account for good.', { exact: true }).check();
  await shot(page, 'account-delete');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL('**/goodbye');
  await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
  await shot(page, 'goodbye');

  // The account is gone: signing in again fails with a clear message.
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(passwords[2]);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('alert').getByText("That email and password don't match.", { exact: false }).waitFor();
  await context.close();
});
