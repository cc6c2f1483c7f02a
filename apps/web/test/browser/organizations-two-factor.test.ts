// The "require two-factor" policy in Chromium. The owner's Require two-factor switch is refused
// until their own account has a second factor (with the way to their Security page); then the
// Settings page lists the members without one, the policy goes on, and such a member finds every
// page of the organization closed with what to do and a link to their Security page. Turned off,
// the organization opens again; required again, the shut-out member leaves from the refusal page.
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, useStack } from './harness';
import { createOrganization, inviteAndJoin, openSection, password, unique } from './organizations-steps';
import { turnOn } from './two-factor-steps';

jest.setTimeout(240_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'organizations-two-factor', name);

browserIt('requires two-factor of every member: the switch, who lacks it, and the refusal page (from which one can still leave)', async () => {
  const s = stack();
  const id = unique();
  const owner = await s.newPage();
  const guest = await s.newPage();
  await signUp(owner.page, { name: 'Robin', email: `robin.${id}@example.com`, password });
  const base = await createOrganization(owner.page, `Careful Clinic ${id}`);
  await inviteAndJoin(s, owner.page, guest.page, base, { name: 'Sam', email: `sam.${id}@example.com` });

  // Settings: the switch is off; both members lack a second factor.
  await owner.page.goto(base);
  await openSection(owner.page, 'Settings', `${base}/settings`);
  const policy = owner.page.getByRole('region', { name: 'Two-factor authentication' });
  const toggle = policy.getByRole('switch', { name: 'Require two-factor' });
  await expect(toggle.isChecked()).resolves.toBe(false);
  const missing = policy.getByRole('list', { name: 'Members without a second factor' });
  await expect(missing.getByRole('listitem').allInnerTexts()).resolves.toEqual([expect.stringContaining('Robin'), expect.stringContaining('Sam')]);

  // Turned on (from the keyboard) without a second factor of their own: refused, with the way to fix it.
  await toggle.focus();
  await owner.page.keyboard.press('Space');
  await policy.getByRole('button', { name: 'Save two-factor policy' }).click();
  await policy.getByRole('alert').getByText('Turn on two-factor authentication for your own account first', { exact: false }).waitFor();
  await policy.getByRole('alert').getByRole('link', { name: 'Go to your Security page' }).waitFor();
  await expectAccessible(owner.page, 'require two-factor refused');
  await shot(owner.page, 'enable-first');

  // The owner turns on their own second factor, then the policy.
  await turnOn(owner.page);
  await owner.page.goto(`${base}/settings`);
  await expect(missing.getByRole('listitem').allInnerTexts()).resolves.toEqual([expect.stringContaining('Sam')]);
  await toggle.check();
  await policy.getByRole('button', { name: 'Save two-factor policy' }).click();
  await policy.getByText('Two-factor authentication is now required of every member.').waitFor();
  await expect(toggle.isChecked()).resolves.toBe(true);
  // Owners and admins see who has no second factor on the Members page too.
  await owner.page.goto(`${base}/members`);
  await owner.page.getByRole('columnheader', { name: 'Two-factor' }).waitFor();
  await shot(owner.page, 'members-two-factor');
  await owner.page.goto(`${base}/settings`);
  await shot(owner.page, 'required');

  // Sam, without one, finds each page of the organization closed, and what to do.
  for (const page of ['members', 'roles', 'invitations', 'settings']) {
    await guest.page.goto(`${base}/${page}`);
    await guest.page.getByRole('heading', { name: 'This organization requires two-factor authentication' }).waitFor();
    await expect(guest.page.getByRole('table').count()).resolves.toBe(0);
  }
  await expect(guest.page.getByRole('navigation', { name: 'Organization' }).count()).resolves.toBe(0);
  await shot(guest.page, 'refused');
  await guest.page.getByRole('link', { name: 'Go to your Security page' }).click();
  await guest.page.waitForURL('**/account/security');
  await guest.page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();

  // Turned off again, the organization opens to Sam.
  await toggle.uncheck();
  await policy.getByRole('button', { name: 'Save two-factor policy' }).click();
  await policy.getByText('Two-factor authentication is no longer required.').waitFor();
  await guest.page.goto(`${base}/members`);
  await guest.page.getByRole('table').getByRole('rowheader', { name: 'Robin' }).waitFor();

  // Required again: Sam, shut out, can still leave the organization from the refusal page.
  await owner.page.goto(`${base}/settings`);
  await toggle.check();
  await policy.getByRole('button', { name: 'Save two-factor policy' }).click();
  await policy.getByText('Two-factor authentication is now required of every member.').waitFor();
  await guest.page.goto(`${base}/teams`);
  await guest.page.getByRole('heading', { name: 'This organization requires two-factor authentication' }).waitFor();
  await expectAccessible(guest.page, 'refused, with leave');
  await guest.page.getByRole('button', { name: 'Leave organization' }).click();
  await guest.page.waitForURL((url) => url.pathname === '/organizations');
  await guest.page.getByText("You've left the organization.").waitFor();
  await Promise.all([owner.context.close(), guest.context.close()]);
});
