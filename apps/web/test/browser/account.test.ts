// Account settings in Chromium: profile, both branches of changing the email, deleting by mailed
// confirmation, and the pages at a phone's width.
import type { Page } from 'playwright-core';
import { browserIt, latestLink, signUp, snap, useStack } from './harness';

// Starting a gateway, this server and Chromium, then walking pages, takes a while.
jest.setTimeout(180_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'account', name);
const password = 'a calm long password';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;


browserIt('edits the profile, with errors next to their fields', async () => {
  const { context, page } = await stack().newPage();
  await signUp(page, { name: 'Robin', email: `profile.${unique()}@example.com`, password });
  await page.goto('/account');
  await page.getByLabel('Name', { exact: true }).fill('Robin Calm');
  await page.getByLabel(/^Picture link/).fill('not a link');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Use a web address that starts with https://').waitFor();
  await shot(page, 'profile-error');

  await page.getByLabel(/^Picture link/).fill('');
  await page.getByLabel(/^Username/).fill('no spaces please');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Usernames can use letters, numbers, underscores and dots only.').waitFor();

  const username = `robin_${unique()}`;
  await page.getByLabel(/^Username/).fill(username);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Your profile is saved.').waitFor();
  await page.getByRole('heading', { name: 'Hello, Robin Calm' }).waitFor();
  expect(await page.getByLabel(/^Username/).inputValue()).toBe(username);
  await shot(page, 'profile-saved');
  await context.close();
});

browserIt('changes an unverified email at once, and a verified one after approval by mail', async () => {
  const s = stack();
  const { context, page } = await s.newPage();
  const first = `first.${unique()}@example.com`;
  const second = `second.${unique()}@example.com`;
  const third = `third.${unique()}@example.com`;
  await signUp(page, { name: 'Robin', email: first, password });

  // Unverified: swapped at once.
  await page.goto('/account/email');
  await page.getByText('Not verified yet').waitFor();
  await page.getByLabel('New email', { exact: true }).fill(second);
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByText(`Your email is now ${second}.`, { exact: false }).waitFor();
  await shot(page, 'email-changed-at-once');
  await page.reload();
  await page.getByText(second, { exact: true }).first().waitFor();

  // The same address again is refused next to the field.
  await page.getByLabel('New email', { exact: true }).fill(second);
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByText('That is already your email address.').waitFor();

  // Verify the new address from its mail, then change again: approval goes to the current address.
  await page.goto(await latestLink(s, second, /verif/i));
  await page.waitForURL('**/verify-email/changed');
  await page.getByText(`Your account email is now ${second}.`).waitFor();
  await page.goto('/account/email');
  await page.getByText('Verified', { exact: true }).waitFor();
  await page.getByLabel('New email', { exact: true }).fill(third);
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByText('Almost there').waitFor();
  await shot(page, 'email-approval-sent');
  await page.goto(await latestLink(s, second, /change|approv|confirm/i));
  await page.waitForURL('**/verify-email/changed**');
  await page.getByRole('heading', { name: 'Thanks, that is confirmed' }).waitFor();
  await shot(page, 'email-change-confirmed');
  await context.close();
});

browserIt('asks a person with a password for it before deleting, rather than mailing a link', async () => {
  const s = stack();
  const { context, page } = await s.newPage();
  await signUp(page, { name: 'Robin', email: `leaving.${unique()}@example.com`, password });
  await page.goto('/account/delete');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByText('Please confirm that you understand this cannot be undone.').waitFor();
  await page.getByRole('button', { name: 'Email me a confirmation link' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your account has a password' });
  await alert.waitFor();
  await alert.getByRole('link', { name: 'Reset your password' }).waitFor();
  await shot(page, 'delete-needs-password');
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByLabel('I understand this deletes my account for good.', { exact: true }).check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByText("That password isn't right. Please try again.").waitFor();
  await shot(page, 'delete-wrong-password');
  // A mailed deletion link that failed lands on the goodbye page with the reason.
  await page.goto('/goodbye?error=INVALID_TOKEN');
  await page.getByRole('heading', { name: 'Your account was not deleted' }).waitFor();
  await context.close();
});

browserIt('fits a phone screen', async () => {
  const s = stack();
  const { context, page } = await s.newPage({ width: 390 });
  for (const path of ['/', '/sign-up', '/sign-in', '/forgot-password']) {
    await page.goto(path);
    await shot(page, path === '/' ? 'phone-home' : `phone${path.replace(/\//g, '-')}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await signUp(page, { name: 'Kai', email: `phone.${unique()}@example.com`, password });
  for (const path of ['/account', '/account/email', '/account/password', '/account/sessions', '/account/delete', '/dev/outbox']) {
    await page.goto(path);
    await shot(page, `phone${path.replace(/\//g, '-')}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  // Keyboard: the skip link comes first and takes focus to the main content.
  await page.goto('/account');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  await context.close();
});
