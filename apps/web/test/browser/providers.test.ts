// Sign-in with an identity provider in Chromium, against a real gateway and the fake GitHub of
// @tend/providers' test support: Continue with GitHub -> the fake's authorization endpoint (it
// answers with a 302 back, as GitHub does once the person said yes) -> the callback on this web
// origin (AUTH_BASE_URL is the web origin, so /api/auth/callback/github goes through the web
// server's proxy and the binding and session cookies stay on one origin) -> signed in.
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { browserIt, signUp, snap, startStack, type Stack } from './harness';

jest.setTimeout(180_000);

/** The part of @tend/providers' FakeProviders this test uses. */
interface FakeProviders {
  baseURL: string;
  gatewayEnv(providers: string[]): Record<string, string>;
  setUser(provider: string, profile: Record<string, unknown>): void;
  close(): Promise<void>;
}

/**
 * The fakes, loaded from the providers package's sources: the web app does not depend on core
 * packages (not even in its typecheck), so the test reaches them by path at run time.
 */
function loadFakes(): { startFakeProviders(): Promise<FakeProviders> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(__dirname, '..', '..', '..', '..', 'packages', 'providers', 'src', 'testing', 'index.ts'));
}

let fakes: FakeProviders | undefined;
let stack: Stack | undefined;

beforeAll(async () => {
  if (browserIt !== it) return;
  fakes = await loadFakes().startFakeProviders();
  const env = fakes.gatewayEnv(['github']);
  stack = await startStack({ gatewayEnv: ({ webUrl }) => ({ ...env, AUTH_BASE_URL: webUrl }) });
});
afterAll(async () => {
  await stack?.stop();
  await fakes?.close();
});

const shot = (page: Page, name: string) => snap(page, 'providers', name);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The GitHub user the fake signs in next: a profile and its email list (primary first). */
function githubUser(id: number, name: string, email: string, verified = true) {
  return {
    profile: { id, login: name.split(' ')[0]!.toLowerCase(), name, email: null, avatar_url: null },
    emails: [{ email, primary: true, verified, visibility: 'private' }],
  };
}

/** Every request the page makes to a provider callback. */
function callbacks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/auth/callback/')) seen.push(request.url());
  });
  return seen;
}

browserIt('signs up and in with GitHub, keeps the deep link, and lists the GitHub account', async () => {
  const s = stack!;
  const email = `mona.${unique()}@example.com`;
  fakes!.setUser('github', githubUser(1000 + Math.floor(Math.random() * 1e6), 'Mona Octocat', email));
  const { context, page } = await s.newPage();
  const seen = callbacks(page);

  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).waitFor();
  await shot(page, 'sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.waitForURL((url) => url.pathname === '/account');
  await page.getByRole('heading', { name: 'Hello, Mona Octocat' }).waitFor();
  expect(await page.getByText(email).count()).toBeGreaterThan(0);
  await shot(page, 'signed-in-with-github');

  // The provider sent the browser back to this web origin (the proxy), and the cookies are its own.
  expect(seen.length).toBe(1);
  expect(seen[0]!.startsWith(`${s.webUrl}/api/auth/callback/github?`)).toBe(true);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'tend.session_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax', domain: 'localhost' });
  expect(cookies.find((c) => c.name === 'tend.oauth_state')).toMatchObject({ httpOnly: true });

  // Linked accounts: GitHub only, so it cannot be unlinked (disabled, with the reason).
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Linked accounts' }).click();
  await page.waitForURL('**/account/linked-accounts');
  const list = page.getByRole('list', { name: 'Your sign-in methods' });
  await list.getByRole('heading', { name: 'GitHub' }).waitFor();
  await expect(list.getByRole('listitem').count()).resolves.toBe(1);
  await expect(page.getByRole('button', { name: 'Unlink GitHub' }).isDisabled()).resolves.toBe(true);
  await page.getByText("This is the only way you can sign in, so it can't be removed.", { exact: false }).waitFor();
  // Nothing else to link: GitHub is the only provider enabled.
  await expect(page.getByRole('list', { name: 'Providers you can link' }).count()).resolves.toBe(0);
  await shot(page, 'linked-accounts-github-only');

  // Signed out, a deep link survives the trip to GitHub and back.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/account/linked-accounts');
  await page.waitForURL('**/sign-in?redirectTo=%2Faccount%2Flinked-accounts');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.waitForURL((url) => url.pathname === '/account/linked-accounts');
  await page.getByRole('list', { name: 'Your sign-in methods' }).getByRole('heading', { name: 'GitHub' }).waitFor();
  await context.close();
});

browserIt('links GitHub to a password account, then unlinks it', async () => {
  const s = stack!;
  const email = `grace.${unique()}@example.com`;
  const { context, page } = await s.newPage();
  await signUp(page, { name: 'Grace', email, password: 'a calm long password' }, {
    beforeSubmit: async () => {
      await page.getByRole('button', { name: 'Continue with GitHub' }).waitFor();
      await shot(page, 'sign-up');
    },
  });

  await page.goto('/account/linked-accounts');
  await page.getByRole('heading', { name: 'Email and password' }).waitFor();
  await expect(page.getByRole('button', { name: /^Unlink/ }).count()).resolves.toBe(0);
  await shot(page, 'linked-accounts-password-only');

  fakes!.setUser('github', githubUser(2000 + Math.floor(Math.random() * 1e6), 'Grace Hopper', email));
  await page.getByRole('button', { name: 'Link GitHub' }).click();
  await page.waitForURL('**/account/linked-accounts?linked=github');
  await page.getByText('GitHub is now linked. You can use it to sign in.').waitFor();
  const list = page.getByRole('list', { name: 'Your sign-in methods' });
  await expect(list.getByRole('listitem').count()).resolves.toBe(2);
  await shot(page, 'linked-accounts-linked');

  await page.getByRole('button', { name: 'Unlink GitHub' }).click();
  await page.getByText('GitHub is unlinked. You can no longer sign in with it.').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Your sign-in methods"] > li').length === 1, null, { timeout: 5000 });
  await page.getByRole('button', { name: 'Link GitHub' }).waitFor();
  await shot(page, 'linked-accounts-unlinked');
  await context.close();
});

browserIt('explains failed provider sign-ins on a friendly page with a way to try again', async () => {
  const s = stack!;
  // A password account, then GitHub offers the same email without vouching for it: not linked on its own.
  const email = `ada.${unique()}@example.com`;
  const first = await s.newPage();
  await signUp(first.page, { name: 'Ada', email, password: 'a calm long password' });
  await first.context.close();

  fakes!.setUser('github', githubUser(3000 + Math.floor(Math.random() * 1e6), 'Ada Lovelace', email, false));
  const { context, page } = await s.newPage();
  await page.goto('/sign-in?redirectTo=%2Forganizations');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.waitForURL('**/auth/error?**');
  expect(new URL(page.url()).searchParams.get('error')).toBe('account_not_linked');
  await page.getByRole('heading', { name: "Your GitHub account isn't linked yet" }).waitFor();
  await page.getByRole('link', { name: 'Sign in with your password' }).waitFor();
  expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/sign-in?redirectTo=%2Forganizations');
  expect((await context.cookies()).find((c) => c.name === 'tend.session_token')).toBeUndefined();
  await shot(page, 'error-account-not-linked');

  // The person says no at GitHub: the provider sends `error=access_denied` back with the state.
  await page.route(`${fakes!.baseURL}/github.com/login/oauth/authorize**`, async (route) => {
    const authorize = new URL(route.request().url());
    const back = new URL(authorize.searchParams.get('redirect_uri')!);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', 'The user has denied your application access.');
    back.searchParams.set('state', authorize.searchParams.get('state')!);
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.waitForURL('**/sign-in?redirectTo=%2Forganizations');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/error' && url.searchParams.get('error') === 'access_denied');
  await page.getByRole('heading', { name: 'Signing in with GitHub was cancelled' }).waitFor();
  await shot(page, 'error-access-denied');
  await page.unrouteAll();

  // A state that does not belong to this browser: start again.
  await page.goto(`${s.webUrl}/api/auth/callback/github?code=forged&state=${'x'.repeat(32)}`);
  await page.waitForURL('**/error?**');
  expect(new URL(page.url()).searchParams.get('error')).toBe('please_restart_the_process');
  await context.close();
});

browserIt('links and signs in without JavaScript, and fits a phone’s width', async () => {
  const s = stack!;
  const email = `lin.${unique()}@example.com`;
  const { context, page } = await s.newPage({ javaScriptEnabled: false, width: 390 });
  await signUp(page, { name: 'Lin', email, password: 'a calm long password' });

  // A form may not redirect to another origin (form-action 'self'): the answer is a page that moves on by itself.
  fakes!.setUser('github', githubUser(4000 + Math.floor(Math.random() * 1e6), 'Lin Quiet', email));
  await page.goto('/account/linked-accounts');
  await page.getByRole('button', { name: 'Link GitHub' }).click();
  await page.waitForURL('**/account/linked-accounts?linked=github');
  await page.getByText('GitHub is now linked. You can use it to sign in.').waitFor();
  await shot(page, 'linked-accounts-phone');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/sign-in');
  await shot(page, 'sign-in-phone');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.waitForURL((url) => url.pathname === '/account');
  await page.getByRole('heading', { name: 'Hello, Lin' }).waitFor();

  await page.goto('/auth/error?error=email_not_found&provider=github&from=sign-up');
  await page.getByRole('heading', { name: "GitHub didn't share an email address" }).waitFor();
  expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/sign-up');
  await shot(page, 'error-email-not-found-phone');
  await context.close();
});
