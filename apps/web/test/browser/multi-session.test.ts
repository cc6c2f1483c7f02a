// Several accounts in one browser in Chromium (issue 33): the header's account switcher, Add
// another account (one of them with a second factor), Switch by keyboard between three accounts,
// an account signed out elsewhere disappearing with a notice, Sign out of all accounts, and the
// Recent activity page; axe on each state.
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, useStack } from './harness';
import { freshStep, password, signIn, totp, turnOn, unique } from './two-factor-steps';

jest.setTimeout(300_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'multi-session', name);
const switcherGroup = (page: Page) => page.getByRole('banner').getByRole('group', { name: 'Account switcher' });
const switcher = (page: Page) => switcherGroup(page).locator('summary');

/** Opens the account switcher with the keyboard. */
async function openSwitcher(page: Page) {
  const details = switcherGroup(page);
  if ((await details.getAttribute('open')) === null) {
    await switcher(page).focus();
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(() => document.querySelector('details.account-switcher')?.hasAttribute('open'), undefined, { timeout: 10_000 }).catch(async () => {
    await page.screenshot({ path: 'artifacts/screenshots/multi-session-switcher-closed.png' });
    throw new Error(`the account switcher did not open at ${page.url()}: ${await page.getByRole('banner').innerText()}`);
  });
  await page.getByRole('banner').getByRole('list', { name: 'Signed-in accounts' }).waitFor();
}

const accountItem = (page: Page, name: string) => page.getByRole('banner').getByRole('list', { name: 'Signed-in accounts' }).getByRole('listitem').filter({ hasText: name });

/** Switches to the account named `name` by the keyboard, and waits for its account page. */
async function switchTo(page: Page, name: string) {
  await openSwitcher(page);
  const button = accountItem(page, name).getByRole('button', { name: 'Switch' });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: `Hello, ${name}` }).waitFor();
}

browserIt('adds three accounts (one with two-factor), switches between them by keyboard, loses one signed out elsewhere, signs out of all', async () => {
  const s = stack();
  const people = [
    { name: 'Ada', email: `ada.${unique()}@example.com` },
    { name: 'Bea', email: `bea.${unique()}@example.com` },
    { name: 'Cat', email: `cat.${unique()}@example.com` },
  ];
  let setup: Awaited<ReturnType<typeof turnOn>> | undefined;
  for (const person of people) {
    const own = await s.newPage();
    await signUp(own.page, { ...person, password });
    if (person.name === 'Cat') setup = await turnOn(own.page);
    await own.context.close();
  }

  const { context, page } = await s.newPage();
  await page.goto('/sign-in');
  await signIn(page, people[0]!.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

  // Add another account: the sign-in page, keeping the first one.
  await openSwitcher(page);
  await expectAccessible(page, 'account switcher, one account');
  await page.getByRole('link', { name: 'Add another account' }).click();
  await page.getByRole('heading', { name: 'Add another account' }).waitFor();
  await signIn(page, people[1]!.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

  // The third has a second factor: signed in only once its code is given.
  await page.goto('/sign-in?add=1');
  await signIn(page, people[2]!.email);
  await page.waitForURL('**/sign-in/two-factor?**');
  await page.getByLabel('Code', { exact: true }).fill(totp(setup!.setupKey, await freshStep(setup!.step)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

  await page.goto('/account');
  await page.getByRole('heading', { name: 'Hello, Cat' }).waitFor();
  await openSwitcher(page);
  const list = page.getByRole('banner').getByRole('list', { name: 'Signed-in accounts' });
  expect(await list.getByRole('listitem').count()).toBe(3);
  for (const person of people) await accountItem(page, person.name).getByText(person.email).waitFor();
  expect(await list.locator('[aria-current="true"]').innerText()).toContain('Cat');
  await expectAccessible(page, 'account switcher, three accounts');
  await shot(page, 'switcher');
  // The same list as a page (where the switcher leads without script).
  await page.goto('/accounts');
  await page.getByRole('heading', { name: 'Your accounts', level: 1 }).waitFor();
  expect(await page.locator('#main').getByRole('list', { name: 'Signed-in accounts' }).getByRole('listitem').count()).toBe(3);
  await expectAccessible(page, 'your accounts page');

  await switchTo(page, 'Ada');
  await switchTo(page, 'Bea');
  await switchTo(page, 'Cat');

  // Bea is signed out from another browser: she disappears here with a notice.
  const elsewhere = await s.newPage();
  await elsewhere.page.goto('/sign-in');
  await signIn(elsewhere.page, people[1]!.email);
  await elsewhere.page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  await elsewhere.page.goto('/account/sessions');
  await elsewhere.page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await elsewhere.page.getByText('All your other devices have been signed out.').waitFor();
  await elsewhere.context.close();

  await page.goto('/account');
  await page.getByRole('status').getByText('An account was signed out elsewhere').waitFor();
  await expectAccessible(page, 'an account signed out elsewhere');
  await openSwitcher(page);
  expect(await page.getByRole('banner').getByRole('list', { name: 'Signed-in accounts' }).getByRole('listitem').count()).toBe(2);
  expect(await accountItem(page, 'Bea').count()).toBe(0);

  // Recent activity of the active account (Cat): her sign-ins and the second factor, in words.
  await page.goto('/account/activity');
  await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
  await page.getByRole('list', { name: 'Security events' }).getByText('Signed in with a password').first().waitFor();
  await page.getByText('Turned on two-factor authentication').waitFor();
  await expectAccessible(page, 'recent activity');
  await shot(page, 'activity');

  // Sign out of all accounts.
  await openSwitcher(page);
  await page.getByRole('button', { name: 'Sign out of all accounts' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/account');
  await page.waitForURL('**/sign-in?**');
  await page.goto('/sign-in?add=1');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await context.close();
});

browserIt('shows a wrong password in the recent activity, paged', async () => {
  const s = stack();
  const email = `activity.${unique()}@example.com`;
  const own = await s.newPage();
  await signUp(own.page, { name: 'Dee', email, password });
  await own.context.close();
  const stranger = await s.newPage();
  await stranger.page.goto('/sign-in');
  await stranger.page.getByLabel('Email or username').fill(email);
  await stranger.page.getByLabel('Password', { exact: true }).fill('not the password at all');
  await stranger.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await stranger.page.getByRole('alert').first().waitFor();
  await stranger.context.close();

  const { context, page } = await s.newPage();
  await page.goto('/sign-in');
  await signIn(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Recent activity' }).click();
  await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
  const events = page.getByRole('list', { name: 'Security events' }).getByRole('listitem');
  await events.filter({ hasText: 'Wrong password' }).waitFor();
  expect(await events.first().innerText()).toContain('Signed in with a password');
  await context.close();
});
