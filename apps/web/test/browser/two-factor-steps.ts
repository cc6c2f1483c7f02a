// The steps the two-factor browser tests share: the code of an authenticator app (written apart
// from the gateway's), signing in, and turning two-factor on through the Security page.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expectAccessible, snap } from './harness';

export const shot = (page: Page, name: string) => snap(page, 'two-factor', name);
export const password = 'a calm long password';
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** RFC 6238 (6 digits, 30 s, SHA1), written here apart from the gateway's, for the code of `step`. */
export function totp(setupKey: string, step: number): string {
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
export const stepAhead = () => Math.floor((Date.now() + 15_000) / 30_000);

/**
 * A fresh step later than `spent` (a code works once): if `spent` was the next step when it was
 * used, waits until it is the current one, so the step after it is in the gateway's window.
 */
export async function freshStep(spent = -1): Promise<number> {
  const due = (spent + 1) * 30_000 - 15_000;
  if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
  return Math.max(stepAhead(), spent + 1);
}

/** A code no step near now has. */
export function wrongCode(setupKey: string): string {
  const near = [-1, 0, 1, 2].map((ahead) => totp(setupKey, stepAhead() + ahead));
  return near.includes('000000') ? '111111' : '000000';
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Turns two-factor on through the Security page; answers the setup key, the step its code used, and the backup codes. */
export async function turnOn(page: Page, check = false) {
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
