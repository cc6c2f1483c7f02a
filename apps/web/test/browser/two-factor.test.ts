// Two-factor authentication in Chromium: turning it on from the Security page (QR code, setup
// key, first code, backup codes), the second step of signing in (authenticator code with a deep
// link kept, backup code, emailed code, trusted device), new backup codes and turning it off.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, startStack, type Stack } from './harness';

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

const shot = (page: Page, name: string) => snap(page, 'two-factor', name);
const password = 'a calm long password';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** RFC 6238 (6 digits, 30 s, SHA1), written here apart from the gateway's, for the code of `step`. */
function totp(setupKey: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of setupKey.replace(/\s+/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
/**
 * A step the gateway accepts a moment from now (it takes the current and the next one): the step
 * 15 s ahead, so a code typed across a step boundary is still good.
 */
const stepAhead = () => Math.floor((Date.now() + 15_000) / 30_000);

/**
 * A fresh step later than `spent` (a code works once): if `spent` was the next step when it was
 * used, waits until it is the current one, so the step after it is in the gateway's window.
 */
async function freshStep(spent = -1): Promise<number> {
  const due = (spent + 1) * 30_000 - 15_000;
  if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
  return Math.max(stepAhead(), spent + 1);
}

/** A code no step near now has. */
function wrongCode(setupKey: string): string {
  const near = [-1, 0, 1, 2].map((ahead) => totp(setupKey, stepAhead() + ahead));
  return near.includes('000000') ? '111111' : '000000';
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Turns two-factor on through the Security page; answers the setup key, the step its code used, and the backup codes. */
async function turnOn(page: Page, check = false) {
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await page.getByText('Two-factor authentication is off').waitFor();
  if (check) {
    await expectAccessible(page, 'security page, off');
    expect(await page.getByText('your account has none yet', { exact: false }).count()).toBe(0); // it has a password
  }
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  if (check) await expectAccessible(page, 'security page, password asked');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText("That password isn't right. Please try again.").waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  const setupKey = (await page.locator('.two-factor__key').innerText()).trim();
  expect(setupKey.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{26,}$/);
  if (check) {
    await expectAccessible(page, 'security page, QR code');
    await shot(page, 'setup');
  }
  await page.getByLabel('Code', { exact: true }).fill(wrongCode(setupKey));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText("That code isn't right.", { exact: false }).waitFor();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  if (check) await expectAccessible(page, 'security page, wrong code');
  // Computed as it is typed: the wait above may have crossed a step.
  const step = await freshStep();
  await page.getByLabel('Code', { exact: true }).fill(totp(setupKey, step));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Two-factor authentication is on').first().waitFor();
  const backupCodes = await page.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem').allInnerTexts();
  expect(backupCodes).toHaveLength(10);
  await page.getByRole('link', { name: 'Download backup codes' }).waitFor();
  if (check) {
    // The Verify button is gone: the focus goes to the codes, shown this once, not to the page.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Your backup codes', undefined, { timeout: 5_000 }).catch(() => undefined);
    expect(await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 40)}`)).toBe('H3 Your backup codes');
    await expectAccessible(page, 'security page, on with backup codes');
    await shot(page, 'on');
  }
  return { setupKey, step, backupCodes: backupCodes.map((code) => code.trim()) };
}

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
