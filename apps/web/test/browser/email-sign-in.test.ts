// Sign-in without a password in Chromium, against a real gateway whose auth base is this web
// app's origin (as under `pnpm start`): the mailed link opens the web app (its /api/auth proxy)
// and ends signed in on the page the person came from; the mailed code is typed into Code.
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, latestLink, signUp, snap, startStack, type Stack } from './harness';

jest.setTimeout(180_000);

let stack: Stack | undefined;
const admin = { email: `root.${Date.now()}@example.com`, password: 'root admin password' };

beforeAll(async () => {
  if (browserIt !== it) return;
  stack = await startStack({ gatewayEnv: ({ webUrl }) => ({ AUTH_BASE_URL: webUrl, AUTH_BOOTSTRAP_ADMIN_EMAIL: admin.email, AUTH_BOOTSTRAP_ADMIN_PASSWORD: admin.password }) });
});
afterAll(async () => {
  await stack?.stop();
});

const shot = (page: Page, name: string) => snap(page, 'email-sign-in', name);
const fresh = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The code of the newest code mail to `email`: the only standalone 6-digit number of its text. */
async function mailedCode(s: Stack, email: string, earlier = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await s.mails(email)).filter((m) => m.purpose === 'email-otp');
    const code = mails[0]?.text.match(/\b\d{6}\b/)?.[0];
    // `earlier`: how many code mails came before the one awaited.
    if (code && mails.length > earlier) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

browserIt('Email me a sign-in link: check your email, then the link opens the web app signed in on the page the person came from', async () => {
  const s = stack!;
  const email = fresh('robin');
  const { context, page } = await s.newPage();
  await page.goto('/account/sessions');
  await page.waitForURL('**/sign-in?redirectTo=%2Faccount%2Fsessions');
  await shot(page, 'sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  // From the keyboard: the page changes under the button, and the focus goes to what it now says.
  await page.getByRole('button', { name: 'Email me a sign-in link' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.getByText('sign-in link').first().waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Check your email', undefined, { timeout: 5_000 }).catch(() => undefined);
  expect(await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 40)}`)).toBe('H1 Check your email');
  await shot(page, 'link-sent');

  const link = await latestLink(s, email, /magic-link/);
  expect(link.startsWith(`${s.webUrl}/api/auth/magic-link/verify?token=`)).toBe(true);
  expect(new URL(link).searchParams.get('callbackURL')).toBe(`${s.webUrl}/account/sessions`);
  await page.goto(link);
  await page.waitForURL(`${s.webUrl}/account/sessions`);
  await page.getByRole('heading', { name: 'Hello, robin' }).waitFor();
  await shot(page, 'signed-in-by-link');

  // Signed up by the link: no password yet, which turning on two-factor asks for. The Security page says so.
  await page.goto('/account/security');
  await page.getByText('your account has none yet', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).waitFor();
  await expectAccessible(page, 'security page without a password');
  await page.getByRole('link', { name: 'Set a password', exact: true }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.goto('/account/password');
  await page.getByText('Your account has no password yet', { exact: false }).waitFor();
  await page.getByRole('link', { name: 'Set a password', exact: true }).waitFor();
  await page.goto('/account/sessions');

  // The same link a second time (another browser): back on the sign-in page with the reason.
  const other = await s.newPage();
  await other.page.goto(link);
  await other.page.waitForURL('**/sign-in?**error=INVALID_TOKEN');
  await other.page.getByRole('alert').getByText('That sign-in link has expired or was used already').waitFor();
  await shot(other.page, 'link-used');
  await other.context.close();
  await context.close();
});

browserIt('Email me a sign-in code: the Code field and Sign in, a wrong code said plainly, then signed in', async () => {
  const s = stack!;
  const { context, page } = await s.newPage();
  const email = fresh('sam');
  await signUp(page, { name: 'Sam Rivers', email, password: 'a calm password here' });
  await context.clearCookies();

  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  const code = page.getByLabel('Code', { exact: true });
  await code.waitFor();
  await shot(page, 'code-sent');
  const right = await mailedCode(s, email);
  await code.fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText("That code isn't right").waitFor();
  await shot(page, 'code-wrong');
  // A new code, asked from the keyboard: said so, and the Code field keeps the focus for it.
  await page.getByRole('button', { name: 'Send a new code' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `We've sent a new code to ${email}.` }).waitFor();
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'otp', undefined, { timeout: 5_000 }).catch(() => undefined);
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.tagName)).toBe('otp');
  await expectAccessible(page, 'new code sent');
  const newer = await mailedCode(s, email, 1);
  await page.getByLabel('Code', { exact: true }).fill(newer);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await page.getByRole('heading', { name: 'Hello, Sam Rivers' }).waitFor();
  await context.close();
});

browserIt('works without JavaScript: the code arrives and signs in', async () => {
  const s = stack!;
  const { context, page } = await s.newPage({ javaScriptEnabled: false });
  const email = fresh('kai');
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await mailedCode(s, email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await page.getByRole('heading', { name: 'Hello, kai' }).first().waitFor();
  await context.close();
});

browserIt('the forgot-password page offers a code: Code and a new password, then signed in', async () => {
  const s = stack!;
  const { context, page } = await s.newPage();
  const email = fresh('lee');
  await signUp(page, { name: 'Lee Park', email, password: 'the first password' });
  await context.clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code instead' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await mailedCode(s, email));
  await page.getByLabel('New password', { exact: true }).fill('a second password');
  await page.getByLabel('Type it again', { exact: true }).fill('a second password');
  await shot(page, 'reset-code');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await page.waitForURL('**/account?notice=password-reset');
  await page.getByRole('heading', { name: 'Hello, Lee Park' }).waitFor();
  await context.close();
});

browserIt('the admin console shows how each sign-in happened', async () => {
  const s = stack!;
  const email = fresh('noor');
  const person = await s.newPage();
  await person.page.goto('/sign-in');
  await person.page.getByLabel('Email or username', { exact: true }).fill(email);
  await person.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await person.page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await person.page.goto(await latestLink(s, email, /magic-link/));
  await person.page.waitForURL('**/account');
  await person.context.close();

  const { context, page } = await s.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await page.goto('/admin');
  await page.getByLabel('Search', { exact: true }).fill(email.split('@')[0]!);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The search's own navigation first: a row of the unfiltered list clicked meanwhile would race it.
  await page.waitForURL('**/admin?q=**');
  await page.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
  await page.waitForURL('**/admin/users/**');
  const activity = page.getByRole('region', { name: 'Activity' });
  await activity.getByRole('cell', { name: 'Signed in via magic-link' }).waitFor();
  await shot(page, 'admin-activity');
  await context.close();
});
