// The admin console in Chromium, against a real gateway whose bootstrap administrator is created
// from AUTH_BOOTSTRAP_ADMIN_EMAIL/PASSWORD: find a user, ban them (they see why they cannot sign
// in), unban, impersonate them and come back; sessions, password, removal; search, sort and pages.
import type { Page } from 'playwright-core';
import { browserIt, signUp, snap, startStack, type Stack } from './harness';

// Starting a gateway, this server and Chromium, then walking pages, takes a while.
jest.setTimeout(240_000);

const adminEmail = 'root.admin@example.com';
const adminPassword = 'a calm admin password';
const password = 'a calm long password';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const banText = 'You have been banned from this application. Please contact support if you believe this is an error.';

let stack: Stack | undefined;

beforeAll(async () => {
  if (browserIt !== it) return;
  // The harness hands its own environment to the gateway: these create the administrator at start.
  process.env.AUTH_BOOTSTRAP_ADMIN_EMAIL = adminEmail;
  process.env.AUTH_BOOTSTRAP_ADMIN_PASSWORD = adminPassword;
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
  delete process.env.AUTH_BOOTSTRAP_ADMIN_EMAIL;
  delete process.env.AUTH_BOOTSTRAP_ADMIN_PASSWORD;
});

const shot = (page: Page, name: string) => snap(page, 'admin', name);


async function signIn(page: Page, identifier: string, secret: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

browserIt('finds, bans, unbans and impersonates a user, then comes back', async () => {
  const s = stack!;
  const email = `robin.${unique()}@example.com`;

  // A person signs up in their own browser.
  const person = await s.newPage({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' });
  await signUp(person.page, { name: 'Robin Quill', email, password });

  // People who are not administrators see no Admin link, and /admin does not exist for them.
  await person.page.goto('/account');
  await expect(nav(person.page).getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
  const hidden = await person.page.goto('/admin');
  expect(hidden?.status()).toBe(404);
  await person.page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();

  // The administrator signs in and opens the console from the navigation.
  const { context, page } = await s.newPage();
  await signIn(page, adminEmail, adminPassword);
  await page.waitForURL('**/account');
  await nav(page).getByRole('link', { name: 'Admin' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await shot(page, 'users');

  // Search by email.
  await page.getByLabel('Search', { exact: true }).fill(email.split('@')[0]!);
  await page.getByLabel('Search in', { exact: true }).selectOption('email');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL('**/admin?q=**');
  await page.getByText('Showing 1–1 of 1 user').waitFor();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByText('Active').waitFor();
  await shot(page, 'users-search');
  await row.getByRole('link', { name: 'Robin Quill' }).click();
  await page.waitForURL('**/admin/users/**');
  const userPage = new URL(page.url()).pathname;
  await page.getByRole('heading', { name: 'Robin Quill', level: 1 }).waitFor();
  const sessions = page.getByRole('list', { name: 'Sessions of Robin Quill' });
  await sessions.getByRole('heading', { name: 'Safari on iPhone' }).waitFor();
  await shot(page, 'user');

  // Ban for a day, with a reason: the person is signed out at once.
  await page.getByLabel(/^Reason/).fill('Spam in shared notes');
  await page.getByLabel('Duration', { exact: true }).selectOption({ label: '1 day' });
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await page.getByText('Robin Quill is banned and has been signed out everywhere.').waitFor();
  await page.getByText('Reason: Spam in shared notes').waitFor();
  await expect(sessions.count()).resolves.toBe(0);
  await shot(page, 'user-banned');

  // The banned person is signed out, and signing in tells them why it fails.
  await person.page.goto('/account');
  await person.page.waitForURL('**/sign-in?redirectTo=%2Faccount');
  await signIn(person.page, email, password);
  await person.page.getByRole('alert').getByText(banText).waitFor();
  await snap(person.page, 'admin', 'banned-sign-in');

  // The list shows the ban, and the Banned filter finds them.
  await page.goto('/admin?show=banned');
  await page.getByRole('row').filter({ hasText: email }).getByText('Banned').waitFor();

  // Unban: they can sign in again.
  await page.goto(userPage);
  await page.getByRole('button', { name: 'Unban' }).click();
  await page.getByText('Robin Quill can sign in again.').waitFor();
  await signIn(person.page, email, password);
  await person.page.waitForURL('**/account');

  // Impersonate: every page says whose eyes these are, and pages act as the person.
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page.waitForURL('**/account');
  await page.getByRole('heading', { name: 'Hello, Robin Quill' }).waitFor();
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await banner.getByText('You are viewing Tend as Robin Quill').waitFor();
  await expect(nav(page).getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
  await shot(page, 'impersonating');
  await page.goto('/account/sessions');
  await banner.waitFor();
  await page.getByRole('heading', { name: 'Devices' }).waitFor();
  await shot(page, 'impersonating-devices');

  // Stop impersonating: back as the administrator, on the person's page.
  await banner.getByRole('button', { name: 'Stop impersonating' }).click();
  await page.waitForURL(`**${userPage}`);
  await page.getByRole('heading', { name: 'Robin Quill', level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Impersonation' }).waitFor({ state: 'detached' });
  await nav(page).getByRole('link', { name: 'Admin' }).waitFor();

  // The activity lists what happened, with who did it.
  const activity = page.getByRole('region', { name: 'Activity' });
  for (const action of ['Banned', 'Unbanned', 'Impersonation started', 'Impersonation stopped']) {
    await activity.getByRole('cell', { name: action, exact: true }).first().waitFor();
  }
  await activity.getByRole('cell', { name: 'Administrator (root.admin@example.com)' }).first().waitFor();
  await shot(page, 'user-activity');
  await context.close();
  await person.context.close();
});

browserIt('revokes sessions, sets a role and a password, and removes a user after confirming', async () => {
  const s = stack!;
  const email = `sam.${unique()}@example.com`;
  const person = await s.newPage();
  await signUp(person.page, { name: 'Sam Field', email, password });
  const { context, page } = await s.newPage();
  await signIn(page, adminEmail, adminPassword);
  await page.waitForURL('**/account');
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: 'Sam Field' }).click();
  await page.waitForURL('**/admin/users/**');
  const userPage = new URL(page.url()).pathname;

  // One session: revoke it; the person is signed out.
  await page.getByRole('button', { name: /^Revoke the session on/ }).click();
  await page.getByText('has been signed out.', { exact: false }).waitFor();
  await person.page.goto('/account');
  await person.page.waitForURL('**/sign-in?**');

  // Role: admin, then back to user.
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('admin');
  await page.getByRole('button', { name: 'Save role' }).click();
  await page.getByText('Sam Field is now an admin.').waitFor();
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('user');
  await page.getByRole('button', { name: 'Save role' }).click();
  await page.getByText('Sam Field is now a user.').waitFor();

  // Password: too short is refused next to the field; a good one works and signs them in.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('This password is too short.', { exact: false }).waitFor();
  await shot(page, 'user-password-error');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('The new password is set', { exact: false }).waitFor();
  await signIn(person.page, email, 'a brand new password');
  await person.page.waitForURL('**/account');

  // Revoke all sessions.
  await page.reload();
  await page.getByRole('button', { name: 'Revoke all sessions' }).click();
  await page.getByText('Sam Field has been signed out everywhere.').waitFor();

  // Remove: a first button asks, the second removes.
  await page.getByRole('button', { name: 'Remove user' }).click();
  await page.waitForURL(`**${userPage}?confirm=remove`);
  await page.getByText(`Remove Sam Field (${email}) for good?`).waitFor();
  await shot(page, 'user-remove-confirm');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(`**${userPage}`);
  await page.getByRole('button', { name: 'Remove user' }).click();
  await page.getByRole('button', { name: 'Yes, remove Sam Field' }).click();
  await page.waitForURL('**/admin?notice=removed');
  await page.getByText('The user has been removed', { exact: false }).waitFor();
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  await page.getByText('No users match this search.').waitFor();
  await page.goto(userPage);
  await page.getByRole('heading', { name: "We couldn't open this user" }).waitFor();
  await context.close();
  await person.context.close();
});

browserIt('sorts and pages the users list, and fits a phone screen', async () => {
  const s = stack!;
  const batch = unique();
  // 22 people signing up through the gateway's public API (no browser needed for them).
  const gateway = s.gatewayUrl.replace('localhost', '127.0.0.1');
  for (let i = 0; i < 22; i++) {
    const response = await fetch(`${gateway}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.webUrl },
      body: JSON.stringify({ name: `Pager ${String(i).padStart(2, '0')}`, email: `pager.${batch}.${i}@example.com`, password }),
    });
    expect(response.status).toBe(200);
  }
  const { context, page } = await s.newPage();
  await signIn(page, adminEmail, adminPassword);
  await page.waitForURL('**/account');

  await page.goto(`/admin?q=${encodeURIComponent(`pager.${batch}.`)}`);
  await page.getByText('Showing 1–20 of 22 users').waitFor();
  await page.getByRole('link', { name: 'Name, sort A to Z' }).click();
  await page.waitForURL('**sort=name**');
  await page.getByRole('columnheader', { name: /Name/ }).and(page.locator('[aria-sort="ascending"]')).waitFor();
  const names = await page.locator('tbody th').allTextContents();
  expect(names[0]).toBe('Pager 00');
  expect(names).toEqual([...names].sort());
  await shot(page, 'users-sorted');
  await page.getByRole('link', { name: 'Next →' }).click();
  await page.getByText('Showing 21–22 of 22 users').waitFor();
  await expect(page.locator('tbody th').allTextContents()).resolves.toEqual(['Pager 20', 'Pager 21']);
  await page.getByRole('link', { name: '← Previous' }).click();
  await page.getByText('Showing 1–20 of 22 users').waitFor();
  // Reversed, then searching by name.
  await page.getByRole('link', { name: 'Name, sort Z to A' }).click();
  await page.waitForURL('**dir=desc**');
  // The address changes before the new rows are drawn (the navigation renders in a transition):
  // wait for the header that says the order is reversed, drawn with the rows.
  await page.getByRole('columnheader', { name: /Name/ }).and(page.locator('[aria-sort="descending"]')).waitFor();
  await expect(page.locator('tbody th').first().textContent()).resolves.toBe('Pager 21');
  await page.getByLabel('Search', { exact: true }).fill('Pager 1');
  await page.getByLabel('Search in', { exact: true }).selectOption('name');
  await page.getByLabel('Match', { exact: true }).selectOption('starts_with');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL('**field=name**');
  await page.getByText(/^Showing 1–\d+ of \d+ users$/).waitFor();
  const found = await page.locator('tbody th').allTextContents();
  expect(found.length).toBeGreaterThanOrEqual(10);
  expect(found.every((name) => name.startsWith('Pager 1'))).toBe(true);
  // The Admins filter shows the administrator.
  await page.goto('/admin?show=admin');
  await page.getByRole('row').filter({ hasText: adminEmail }).getByText('Admin', { exact: true }).waitFor();
  await context.close();

  // At a phone's width nothing spills sideways (the tables scroll in their own box).
  const phone = await s.newPage({ width: 390 });
  await signIn(phone.page, adminEmail, adminPassword);
  await phone.page.waitForURL('**/account');
  await phone.page.goto('/admin');
  await snap(phone.page, 'admin', 'phone-users');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.page.getByRole('link', { name: 'Pager 21' }).click();
  await phone.page.waitForURL('**/admin/users/**');
  await snap(phone.page, 'admin', 'phone-user');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.context.close();
});

browserIt('works without JavaScript: search, sort, ban and unban', async () => {
  const s = stack!;
  const email = `nojs.${unique()}@example.com`;
  const person = await s.newPage();
  await signUp(person.page, { name: 'Noor Plain', email, password });
  await person.context.close();

  const { context, page } = await s.newPage({ javaScriptEnabled: false });
  await signIn(page, adminEmail, adminPassword);
  await page.waitForURL('**/account');
  await page.goto('/admin');
  await page.getByLabel('Search', { exact: true }).fill('Noor');
  await page.getByLabel('Search in', { exact: true }).selectOption('name');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL('**q=Noor**');
  await page.getByRole('link', { name: 'Email, sort A to Z' }).click();
  await page.waitForURL('**sort=email&dir=asc**');
  // The search survives sorting.
  expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('Noor');
  await page.getByRole('link', { name: 'Noor Plain' }).first().click();
  await page.waitForURL('**/admin/users/**');
  await page.getByLabel('Duration', { exact: true }).selectOption('permanent');
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await page.getByText('Noor Plain is banned and has been signed out everywhere.').waitFor();
  await page.getByText('until unbanned').waitFor();
  await shot(page, 'no-js-banned');
  await page.getByRole('button', { name: 'Unban' }).click();
  await page.getByText('Noor Plain can sign in again.').waitFor();
  await context.close();
});
