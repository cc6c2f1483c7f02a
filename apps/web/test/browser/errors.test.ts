// Error paths in Chromium: each gateway error shows as a clear message next to its field (or at
// the form), tied to the input for screen readers, with and without JavaScript.
import type { Page } from 'playwright-core';
import { browserIt, signUp, snap, startStack, type Stack } from './harness';

// Starting a gateway, this server and Chromium, then walking pages, takes a while.
jest.setTimeout(180_000);

let stack: Stack | undefined;

beforeAll(async () => {
  if (browserIt !== it) return;
  stack = await startStack();
  // An existing account, made through the public API as any client would.
  const response = await fetch(`${stack.gatewayUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Sam', email: taken, password }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
});
afterAll(async () => {
  await stack?.stop();
});

const shot = (page: Page, name: string) => snap(page, 'errors', name);
const taken = `taken.${Date.now()}@example.com`;
const password = 'a calm long password';


/** The error text tied to an input through aria-describedby, once the input is marked invalid. */
async function errorOf(page: Page, label: string | RegExp): Promise<string> {
  const input = typeof label === 'string' ? page.getByLabel(label, { exact: true }) : page.getByLabel(label);
  await page.locator(`[aria-invalid="true"]`).first().waitFor();
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  expect(errorId).toBeDefined();
  return (await page.locator(`#${errorId}`).textContent())?.replace(/^!\s*/, '') ?? '';
}

browserIt('shows each sign-up and sign-in error next to what it concerns', async () => {
  const s = stack!;
  const { context, page } = await s.newPage();

  // Taken email.
  await signUp(page, { name: 'Sam', email: taken, password }, { succeeds: false });
  expect(await errorOf(page, 'Email')).toBe('An account with this email already exists. Try signing in instead.');
  await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('email');
  expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe('Sam');
  await shot(page, 'sign-up-taken-email');

  // Too-short password.
  await signUp(page, { name: 'Sam', email: `short.${Date.now()}@example.com`, password: 'short' }, { succeeds: false });
  expect(await errorOf(page, 'Password')).toBe('This password is too short. Please use at least 8 characters.');
  await shot(page, 'sign-up-short-password');

  // Invalid username.
  await signUp(page, { name: 'Sam', email: `name.${Date.now()}@example.com`, password, username: 'not valid!' }, { succeeds: false });
  expect(await errorOf(page, /^Username/)).toBe('Usernames can use letters, numbers, underscores and dots only.');
  await shot(page, 'sign-up-invalid-username');

  // Wrong password: a form-level alert that names neither field, and a way out.
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(taken);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: "That email and password don't match." });
  await alert.waitFor();
  await alert.getByRole('link', { name: 'Forgot your password?' }).waitFor();
  expect(await page.getByLabel('Email or username', { exact: true }).inputValue()).toBe(taken);
  await shot(page, 'sign-in-wrong-password');

  // Empty fields are caught before the gateway, field by field.
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect(await errorOf(page, 'Email or username')).toBe('Please enter your email or username.');
  await shot(page, 'sign-in-empty');
  await context.close();
});

browserIt('works without JavaScript: errors, sign-in and sign-out are plain forms', async () => {
  const s = stack!;
  const { context, page } = await s.newPage({ javaScriptEnabled: false });
  const email = `nojs.${Date.now()}@example.com`;
  await signUp(page, { name: 'Sam', email, password: 'tiny' }, { succeeds: false });
  expect(await errorOf(page, 'Password')).toMatch(/too short/);
  await page.getByRole('alert').filter({ hasText: 'Please check the highlighted fields.' }).waitFor();
  await shot(page, 'no-js-sign-up-error');

  await signUp(page, { name: 'Sam', email, password });
  await page.goto('/account');
  await page.getByRole('heading', { name: 'Hello, Sam' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await shot(page, 'no-js-signed-in');

  // Changing the password and signing out the other devices issues a new session cookie: the
  // page drawn in the same response already uses it.
  await page.goto('/account/password');
  await page.getByLabel('Current password', { exact: true }).fill(password);
  await page.getByLabel('New password', { exact: true }).fill('another calm password');
  await page.getByLabel('Type the new password again', { exact: true }).fill('another calm password');
  await page.getByLabel('Sign out my other devices', { exact: true }).check();
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Your new password is saved, and your other devices have been signed out.').waitFor();
  await shot(page, 'no-js-password-changed');
  await page.goto('/account/sessions');
  await page.getByText('This device', { exact: true }).waitFor();
  await context.close();
});

browserIt('sends a signed-out visitor to sign in, and back afterwards', async () => {
  const s = stack!;
  const { context, page } = await s.newPage();
  await page.goto('/account/sessions');
  await page.waitForURL('**/sign-in?redirectTo=%2Faccount%2Fsessions');
  await page.getByLabel('Email or username', { exact: true }).fill(taken);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account/sessions');
  await page.goto('/no-such-page');
  await page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();
  await shot(page, 'not-found');
  await context.close();
});
