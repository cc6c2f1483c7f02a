// axe-core (WCAG 2.2 A/AA and best practices) in Chromium: the check itself, under the web app's
// Content-Security-Policy, and the pages and states the other journeys do not photograph (every
// `snap` of every journey already runs `expectAccessible`).
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, useStack } from './harness';

jest.setTimeout(180_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'accessibility', name);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Adds markup to the page's main region through the DevTools protocol (the page's own scripts may be off). */
const inject = (page: Page, html: string) => page.evaluate((markup) => document.getElementById('main')!.insertAdjacentHTML('beforeend', markup), html);

describe('the accessibility check', () => {
  for (const javaScriptEnabled of [true, false]) {
    browserIt(`fails a page with a known violation, with JavaScript ${javaScriptEnabled ? 'on (under the strict CSP)' : 'off'}`, async () => {
      const { context, page } = await stack().newPage({ javaScriptEnabled });
      const response = await page.goto('/sign-in');
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
      await expectAccessible(page, 'sign-in');

      // A WCAG 2 A failure: an image without a text alternative.
      await inject(page, '<img src="/favicon.svg">');
      await expect(expectAccessible(page, 'sign-in with an image without alt')).rejects.toThrow(/image-alt \(critical\)/);

      // A best practice (the violation axe found on the organization page): two landmarks of one name.
      // On the same page (a new load could be hydrated after the injection, and React would drop it).
      await page.evaluate(() => document.querySelector('#main img[src="/favicon.svg"]')!.remove());
      await expectAccessible(page, 'sign-in, the image removed');
      await inject(page, '<nav aria-label="Main"><a href="/">Home</a></nav>');
      await expect(expectAccessible(page, 'sign-in with two Main navigations')).rejects.toThrow(/landmark-unique/);
      await context.close();
    });
  }
});

browserIt('passes axe on the link landings, error states and confirmations no journey photographs', async () => {
  const s = stack();
  const { context, page } = await s.newPage();

  // Signed out: where mailed links land, with and without a problem.
  for (const [path, name] of [
    ['/verify-email/result?error=invalid_token', 'verify-email-result-invalid'],
    ['/verify-email/changed', 'email-change-confirmed'],
    ['/verify-email/changed?error=token_expired', 'email-change-expired'],
    ['/reset-password', 'reset-password-without-token'],
    ['/auth/error', 'provider-error-unknown'],
    ['/auth/error?error=access_denied&provider=github', 'provider-error-cancelled'],
    ['/auth/social', 'social-sign-in-without-provider'],
    ['/dev/outbox?to=nobody%40example.com', 'dev-outbox-empty'],
  ] as const) {
    await page.goto(path);
    await shot(page, name);
  }

  // Forms sent empty or wrong: the errors are shown and announced.
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('alert').first().waitFor();
  await shot(page, 'forgot-password-empty');
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('a calm long password');
  await page.getByLabel('Type it again', { exact: true }).fill('another calm password');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await page.getByRole('alert').first().waitFor();
  await shot(page, 'reset-password-mismatch');

  // Signed in: the sign-out confirmation, and what is not there.
  await signUp(page, { name: 'Alex', email: `alex.${unique()}@example.com`, password: 'a calm long password' });
  await page.goto('/sign-out');
  await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
  await shot(page, 'sign-out-confirm');
  for (const [path, name] of [
    ['/organizations/no-such-organization', 'organization-not-found'],
    ['/invitations/no-such-invitation', 'invitation-not-found'],
    ['/admin', 'admin-not-for-members'],
  ] as const) {
    await page.goto(path);
    await shot(page, name);
  }
  await context.close();
});
