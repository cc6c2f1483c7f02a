// Steps the organization area's browser tests share: creating an organization through the
// Organizations page, bringing a second person in by a mailed invitation, and the area's navigation.
import type { Page } from 'playwright-core';
import { latestLink, signUp, type Stack } from './harness';

export const password = 'a calm long password';
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Creates an organization from /organizations; answers the area's path, `/organizations/<id>`. */
export async function createOrganization(page: Page, name: string): Promise<string> {
  await page.goto('/organizations');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForURL(/\/organizations\/[^/?]+\/members\?notice=created$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return new URL(page.url()).pathname.replace(/\/members$/, '');
}

/** Opens a page of the area by its navigation link. */
export async function openSection(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** The owner invites `email` as a member; they sign up in their own page, follow the mailed link and accept. */
export async function inviteAndJoin(stack: Stack, owner: Page, guest: Page, base: string, person: { name: string; email: string }): Promise<void> {
  await owner.goto(`${base}/invitations`);
  await owner.getByLabel('Email', { exact: true }).fill(person.email);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await owner.getByText(`Invitation sent to ${person.email}.`).waitFor();
  await signUp(guest, { name: person.name, email: person.email, password });
  const link = await latestLink(stack, person.email, /invitation/i);
  await guest.goto(new URL(link).pathname);
  await guest.getByRole('button', { name: 'Accept' }).click();
  await guest.waitForURL(`**${base}/members?notice=joined`);
}

/** The members table's row of `name`. */
export const memberRow = (page: Page, name: string) => page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
