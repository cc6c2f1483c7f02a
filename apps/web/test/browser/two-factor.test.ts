// Two-factor authentication in Chromium: turning it on from the Security page (QR code, setup
// key, first code, backup codes), the second step of signing in (authenticator code with a deep
// link kept, backup code, emailed code, trusted device), new backup codes and turning it off.
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, latestLink, signUp, startStack, type Stack } from './harness';
import { freshStep, password, shot, signIn, totp, turnOn, unique, wrongCode } from './two-factor-steps';

jest.setTimeout(240_000);

let stack: Stack | undefined;

const adminEmail = 'two.factor.admin@example.com';
const adminPassword = 'a calm admin password';

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

browserIt('turns it on, then a deep link survives the second step: signed out at /account/security → password → code → back there', async () => {
  const s = stack!;
  const email = `twofactor.${unique()}@example.com`;
  const first = await s.newPage();
  await signUp(first.page, { name: 'Robin', email, password });
  const { setupKey, step } = await turnOn(first.page, true);
  await first.context.close();

  const { context, page } = await s.newPage();
  await page.goto('/account/security');
  await page.waitForURL('**/sign-in?**');
  await signIn(page, email);
  await page.waitForURL('**/sign-in/two-factor?**');
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await expectAccessible(page, 'second step');
  await shot(page, 'challenge');
  // A wrong code first.
  await page.getByLabel('Code', { exact: true }).fill(wrongCode(setupKey));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText("That code isn't right.", { exact: false }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/sign-in/two-factor');
  await expectAccessible(page, 'second step, wrong code');
  // The code of the step used to turn it on is spent: a later step's, computed as it is typed.
  await page.getByLabel('Code', { exact: true }).fill(totp(setupKey, await freshStep(step)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/account/security');
  await page.getByText('Two-factor authentication is on').waitFor();
  await context.close();
});

browserIt('signs in with a backup code (once), with an emailed code, and skips the step on a trusted device, also without JavaScript', async () => {
  const s = stack!;
  const email = `backup.${unique()}@example.com`;
  const first = await s.newPage();
  await signUp(first.page, { name: 'Sam', email, password });
  const { backupCodes } = await turnOn(first.page);
  await first.context.close();

  // A backup code.
  const backup = await s.newPage();
  await backup.page.goto('/sign-in');
  await signIn(backup.page, email);
  await backup.page.waitForURL('**/sign-in/two-factor?**');
  await backup.page.getByRole('button', { name: 'Use a backup code' }).click();
  await backup.page.getByLabel('Backup code', { exact: true }).waitFor();
  await expectAccessible(backup.page, 'second step, backup code');
  await backup.page.getByLabel('Backup code', { exact: true }).fill(backupCodes[0]!);
  await backup.page.getByRole('button', { name: 'Verify' }).click();
  await backup.page.waitForURL('**/account');
  await backup.context.close();

  // The same backup code again: refused, the page stays. This browser runs no JavaScript: every step is a plain form.
  const again = await s.newPage({ javaScriptEnabled: false });
  await again.page.goto('/sign-in');
  await signIn(again.page, email);
  await again.page.waitForURL('**/sign-in/two-factor?**');
  await again.page.getByRole('button', { name: 'Use a backup code' }).click();
  await again.page.getByLabel('Backup code', { exact: true }).fill(backupCodes[0]!);
  await again.page.getByRole('button', { name: 'Verify' }).click();
  await again.page.getByText("That backup code isn't right, or it was used already.").waitFor();

  // An emailed code instead, trusting this browser.
  await again.page.getByRole('button', { name: 'Email me a code' }).click();
  await again.page.getByText('We emailed you a code.', { exact: false }).waitFor();
  await expectAccessible(again.page, 'second step, code emailed');
  const mail = (await s.mails(email)).find((m) => m.purpose === 'two-factor-otp');
  const code = mail!.text.match(/\b\d{6}\b/)![0];
  await again.page.getByLabel('Code', { exact: true }).fill(code);
  await again.page.getByLabel('Trust this device').check();
  await again.page.getByRole('button', { name: 'Verify' }).click();
  await again.page.waitForURL('**/account');

  // Signed out and in again on this browser: no second step.
  await again.page.goto('/sign-out');
  await again.page.getByRole('button', { name: /Sign out/ }).first().click();
  await again.page.goto('/sign-in');
  await signIn(again.page, email);
  await again.page.waitForURL('**/account');
  await again.context.close();
});

/** The name of the element that has the keyboard focus (waits for it to be `name`, then answers it). */
async function focusOn(page: Page, name: string): Promise<string> {
  await page.waitForFunction((wanted) => (document.activeElement as HTMLInputElement | null)?.name === wanted, name, { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.tagName ?? '');
}

browserIt('from the keyboard, each other way of the second step puts the focus in its field', async () => {
  const s = stack!;
  const email = `keys.${unique()}@example.com`;
  const first = await s.newPage();
  await signUp(first.page, { name: 'Kai', email, password });
  await turnOn(first.page);
  await first.context.close();

  const { context, page } = await s.newPage();
  await page.goto('/sign-in');
  await signIn(page, email);
  await page.waitForURL('**/sign-in/two-factor?**');
  expect(await focusOn(page, 'code')).toBe('code');
  // Enter on "Use a backup code": the Backup code field has the focus, not the page.
  await page.getByRole('button', { name: 'Use a backup code' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Backup code', { exact: true }).waitFor();
  expect(await focusOn(page, 'backupCode')).toBe('backupCode');
  // And back to the app's code.
  await page.getByRole('button', { name: 'Use your authenticator app' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Code', { exact: true }).waitFor();
  expect(await focusOn(page, 'code')).toBe('code');
  // "Email me a code": the code is on its way, and the Code field waits for it with the focus.
  await page.getByRole('button', { name: 'Email me a code' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'We emailed you a code.' }).waitFor();
  expect(await focusOn(page, 'code')).toBe('code');
  await expectAccessible(page, 'second step, code emailed, from the keyboard');
  await context.close();
});

browserIt('generates new backup codes and turns it off, each asking the password', async () => {
  const s = stack!;
  const { context, page } = await s.newPage();
  await signUp(page, { name: 'Kim', email: `off.${unique()}@example.com`, password });
  await turnOn(page);
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Generate new backup codes' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('list', { name: 'Your backup codes' }).waitFor();
  expect(await page.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem').count()).toBe(10);
  await expectAccessible(page, 'security page, new backup codes');

  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expectAccessible(page, 'security page, turning off');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Two-factor authentication is off').first().waitFor();
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).waitFor();
  await context.close();
});

browserIt('an administrator sees who has two-factor on and resets it: the person is signed out and signs in with the password alone', async () => {
  const s = stack!;
  const email = `lost.${unique()}@example.com`;
  const person = await s.newPage();
  await signUp(person.page, { name: 'Lee Lostphone', email, password });
  await turnOn(person.page);

  const { context, page } = await s.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email or username').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await page.goto(`/admin?q=${encodeURIComponent(email.split('@')[0]!)}&field=email`);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.waitFor();
  await page.getByRole('columnheader', { name: 'Two-factor' }).waitFor();
  expect((await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toContain('On');
  await row.getByRole('link', { name: 'Lee Lostphone' }).click();
  await page.waitForURL('**/admin/users/**');
  await page.getByRole('button', { name: 'Reset two-factor' }).click();
  await page.getByText('Two-factor authentication is off for Lee Lostphone', { exact: false }).waitFor();
  await expectAccessible(page, 'admin user page, two-factor reset');
  await context.close();

  await person.page.goto('/account/security');
  await person.page.waitForURL('**/sign-in?**');
  await signIn(person.page, email);
  await person.page.waitForURL('**/account/security');
  await person.page.getByText('Two-factor authentication is off').waitFor();
  await person.context.close();
});

/** Signs the administrator in and opens the console's page of the user with `email`. */
async function openAsAdmin(s: Stack, email: string, name: string) {
  const admin = await s.newPage();
  await admin.page.goto('/sign-in');
  await admin.page.getByLabel('Email or username').fill(adminEmail);
  await admin.page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await admin.page.waitForURL('**/account');
  await admin.page.goto(`/admin?q=${encodeURIComponent(email.split('@')[0]!)}&field=email`);
  await admin.page.getByRole('row').filter({ hasText: email }).getByRole('link', { name }).click();
  await admin.page.waitForURL('**/admin/users/**');
  return admin;
}

/** The newest sign-in code mailed to `email`. */
async function signInCode(s: Stack, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = (await s.mails(email)).find((m) => m.purpose === 'email-otp')?.text.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code mailed to ${email}`);
}

browserIt('after a mailed sign-in code, the second step offers the app and backup codes only: no "Email me a code"', async () => {
  const s = stack!;
  const email = `mailbox.${unique()}@example.com`;
  const first = await s.newPage();
  await signUp(first.page, { name: 'Mo Mailbox', email, password });
  // A verified address: proving an unverified one would remove the second factor its registrant set up.
  await first.page.goto(await latestLink(s, email, /verification/));
  await turnOn(first.page);
  await first.context.close();

  const { context, page } = await s.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await signInCode(s, email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/sign-in/two-factor?**');
  await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
  await page.getByRole('button', { name: 'Use a backup code' }).waitFor();
  expect(await page.getByRole('button', { name: 'Email me a code' }).count()).toBe(0);
  await expectAccessible(page, 'second step after a mailed code');
  await shot(page, 'after-mailed-code');
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Email me a code' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Use your authenticator app' }).waitFor();
  await context.close();
});

browserIt('ten wrong codes pause the second step: the page says for how long and until when; an administrator clears it with Clear two-factor lockout', async () => {
  const s = stack!;
  const email = `guessed.${unique()}@example.com`;
  const name = 'Gus Guessed';
  const first = await s.newPage();
  await signUp(first.page, { name, email, password });
  const { setupKey, step } = await turnOn(first.page);
  await first.context.close();

  const { context, page } = await s.newPage();
  const wrongOnce = async () => {
    await page.getByLabel('Code', { exact: true }).fill(wrongCode(setupKey));
    // The message stays on the page from the first wrong code: wait for this answer itself, so
    // no submission is cut short by the next one (each must be counted).
    const answered = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith('/sign-in/two-factor'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await answered;
    await page.getByText("That code isn't right.", { exact: false }).waitFor();
  };
  // Nine wrong codes on one sign-in, the tenth on another: the account, not the sign-in, is counted.
  await page.goto('/sign-in');
  await signIn(page, email);
  await page.waitForURL('**/sign-in/two-factor?**');
  for (let i = 0; i < 9; i += 1) await wrongOnce();
  await context.clearCookies();
  await page.goto('/sign-in');
  await signIn(page, email);
  await page.waitForURL('**/sign-in/two-factor?**');
  await wrongOnce();

  // The right code now: refused, and said so plainly.
  await page.getByLabel('Code', { exact: true }).fill(totp(setupKey, await freshStep(step)));
  await page.getByRole('button', { name: 'Verify' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Too many wrong codes' });
  await alert.getByText('paused checking codes for 15 minutes', { exact: false }).waitFor();
  await alert.getByText('You can try again after', { exact: false }).waitFor();
  expect(await alert.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(new URL(page.url()).pathname).toBe('/sign-in/two-factor');
  await expectAccessible(page, 'second step, paused after wrong codes');
  await shot(page, 'locked');

  const admin = await openAsAdmin(s, email, name);
  await admin.page.getByRole('button', { name: 'Clear two-factor lockout' }).click();
  await admin.page.getByText(`The lockout is cleared: ${name} can enter codes again now.`).waitFor();
  await expectAccessible(admin.page, 'admin user page, lockout cleared');
  await admin.context.close();

  await page.getByLabel('Code', { exact: true }).fill(totp(setupKey, await freshStep(step)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/account');
  await context.close();
});
