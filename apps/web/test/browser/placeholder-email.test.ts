// A person whose provider shares no email (Reddit here) signs up in Chromium with a placeholder
// address, is invited on the account page to "Add your email address", adds one through the
// change-email flow, and the placeholder is replaced only once the mailed link is opened.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserIt, latestLink, snap, startStack, type Stack } from './harness';

jest.setTimeout(180_000);

/** The part of @tend/providers' FakeProviders this test uses. */
interface FakeProviders {
  gatewayEnv(providers: string[]): Record<string, string>;
  setUser(provider: string, profile: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** The fakes, from the providers package's sources (the web app does not depend on core packages). */
function loadFakes(): { startFakeProviders(): Promise<FakeProviders> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(__dirname, '..', '..', '..', '..', 'packages', 'providers', 'src', 'testing', 'index.ts'));
}

let fakes: FakeProviders | undefined;
let stack: Stack | undefined;

beforeAll(async () => {
  if (browserIt !== it) return;
  fakes = await loadFakes().startFakeProviders();
  const env = fakes.gatewayEnv(['reddit']);
  // Mail links and provider callbacks on the web origin, as under `pnpm start`.
  stack = await startStack({ gatewayEnv: ({ webUrl }) => ({ ...env, AUTH_BASE_URL: webUrl }) });
});
afterAll(async () => {
  await stack?.stop();
  await fakes?.close();
});

const shot = (page: Page, name: string) => snap(page, 'placeholder-email', name);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

browserIt('invites a Reddit user to add an email address, and adds it once its link is opened', async () => {
  const s = stack!;
  const redditId = `r${unique()}`;
  const placeholder = `${redditId}@reddit.placeholder.invalid`;
  const email = `snoo.${unique()}@example.com`;
  fakes!.setUser('reddit', { id: redditId, name: 'snoo' });
  const { context, page } = await s.newPage();

  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Reddit' }).click();
  await page.waitForURL((url) => url.pathname === '/account');
  await page.getByRole('heading', { name: 'Hello, snoo' }).waitFor();
  // The placeholder is never shown; the page asks for a real address instead.
  expect(await page.getByText(placeholder).count()).toBe(0);
  await page.getByText('No email address yet').waitFor();
  const add = page.getByRole('link', { name: 'Add your email address', exact: true });
  await add.waitFor();
  await shot(page, 'account-invites-to-add-email');
  // Nothing was mailed to the placeholder (no verification mail after sign-up).
  expect(await s.mails(placeholder)).toEqual([]);

  // Reachable from the keyboard.
  await add.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/account/email');
  await page.getByRole('heading', { name: 'Add your email address' }).waitFor();
  await expect(page.getByRole('button', { name: 'Send a new verification link' }).count()).resolves.toBe(0);
  await page.getByLabel('New email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Add your email address' }).click();
  await page.getByText(`We've sent a link to ${email}.`, { exact: false }).waitFor();
  await shot(page, 'email-link-sent');
  // Not replaced yet: the new address must be proven first.
  await page.getByText('No email address yet').waitFor();

  await page.goto(await latestLink(s, email, /change|confirm/i));
  await page.waitForURL('**/verify-email/changed**');
  await page.getByText(`Your account email is now ${email}.`).waitFor();
  await shot(page, 'email-added');

  await page.goto('/account/email');
  await page.getByRole('heading', { name: 'Change your email' }).waitFor();
  await page.getByText('Verified', { exact: true }).waitFor();
  await page.goto('/account');
  await page.getByRole('heading', { name: 'Hello, snoo' }).waitFor();
  await expect(page.getByRole('link', { name: 'Add your email address' }).count()).resolves.toBe(0);
  expect(await page.getByText(email).count()).toBeGreaterThan(0);
  expect(await s.mails(placeholder)).toEqual([]);
  await context.close();
});
