// Organizations in Chromium, two people in two browser contexts: the owner creates an
// organization and invites a second person by email; they sign up, open the mailed invitation
// and accept; the owner makes them an admin, removes them, then deletes the organization.
import type { Page } from 'playwright-core';
import { browserIt, latestLink, signUp, snap, useStack } from './harness';

// Starting a gateway, this server and Chromium, then walking pages, takes a while.
jest.setTimeout(240_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'organizations', name);
const password = 'a calm long password';
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ownerEmail = `owner.${unique}@example.com`;
const guestEmail = `sam.${unique}@example.com`;
const organizationName = `Maple Circle ${unique}`;


/** The members table's row of `name`. */
const memberRow = (page: Page, name: string) => page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

browserIt('creates an organization, invites, promotes, removes and deletes', async () => {
  const s = stack();
  const owner = await s.newPage();
  const guest = await s.newPage();

  // The owner signs up and finds Organizations in the header.
  await signUp(owner.page, { name: 'Robin', email: ownerEmail, password });
  await owner.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).click();
  await owner.page.waitForURL('**/organizations');
  await owner.page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
  await owner.page.getByText("You're not in any organization yet.", { exact: false }).waitFor();
  await shot(owner.page, 'empty');

  // The slug follows the name as it is typed and is checked once typing pauses.
  await owner.page.getByLabel('Name', { exact: true }).pressSequentially(organizationName, { delay: 5 });
  const slug = owner.page.getByLabel('Slug', { exact: true });
  await expect(slug.inputValue()).resolves.toBe(`maple-circle-${unique}`);
  await owner.page.getByText('That slug is free.').waitFor();
  await shot(owner.page, 'create-form');
  await owner.page.getByRole('button', { name: 'Create organization' }).click();
  await owner.page.waitForURL(/\/organizations\/[^/?]+\/members\?notice=created$/);
  await owner.page.getByRole('heading', { level: 1, name: organizationName }).waitFor();
  await owner.page.getByText('Active', { exact: true }).waitFor();
  // The organization area opens on its Members page, with its own navigation.
  const organizationPath = new URL(owner.page.url()).pathname.replace(/\/members$/, '');
  const area = owner.page.getByRole('navigation', { name: 'Organization' });
  for (const name of ['Members', 'Invitations', 'Teams', 'Roles', 'Single sign-on', 'Settings']) await area.getByRole('link', { name, exact: true }).waitFor();
  await expect(area.getByRole('link', { name: 'Members', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
  await shot(owner.page, 'created');

  // The same slug is now taken: the live check says so on the list page.
  await owner.page.goto('/organizations');
  await owner.page.getByRole('link', { name: organizationName }).waitFor();
  await owner.page.getByLabel('Name', { exact: true }).fill('Another circle');
  await owner.page.getByLabel('Slug', { exact: true }).fill(`maple-circle-${unique}`);
  await owner.page.getByText('That slug is taken').waitFor();
  await shot(owner.page, 'slug-taken');

  // Invite the second person as a member, on the Invitations page (reached by the keyboard).
  await owner.page.goto(organizationPath);
  await owner.page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Invitations' }).focus();
  await owner.page.keyboard.press('Enter');
  await owner.page.waitForURL(`**${organizationPath}/invitations`);
  await owner.page.getByLabel('Email', { exact: true }).fill(guestEmail);
  await owner.page.getByLabel('Role', { exact: true }).selectOption('member');
  await owner.page.getByRole('button', { name: 'Send invitation' }).click();
  await owner.page.getByText(`Invitation sent to ${guestEmail}.`).waitFor();
  await owner.page.getByRole('list', { name: 'Pending invitations' }).getByRole('heading', { name: guestEmail }).waitFor();
  await shot(owner.page, 'invited');

  // Signed out, the invitation link offers sign-in that comes back to it.
  const link = await latestLink(s, guestEmail, /invitation/i);
  const invitationPath = new URL(link).pathname;
  expect(invitationPath).toMatch(/^\/invitations\/[^/]+$/);
  await guest.page.goto(invitationPath);
  await guest.page.getByRole('heading', { name: "You've been invited" }).waitFor();
  await expect(guest.page.getByRole('main').getByRole('link', { name: 'Sign in' }).getAttribute('href')).resolves.toBe(
    `/sign-in?redirectTo=${encodeURIComponent(invitationPath)}`,
  );
  await shot(guest.page, 'invitation-signed-out');

  // The second person signs up with the invited address; the invitation waits on their Organizations page.
  await guest.page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await guest.page.waitForURL('**/sign-up?**');
  await signUp(guest.page, { name: 'Sam', email: guestEmail, password });
  await guest.page.goto('/organizations');
  await guest.page.getByRole('heading', { name: 'Invitations for you' }).waitFor();
  await guest.page.getByRole('link', { name: `View invitation to ${organizationName}` }).waitFor();
  await shot(guest.page, 'invitations-for-you');

  // Signed out again, the mailed link goes through sign-in and back to the invitation.
  await guest.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await guest.page.waitForURL((url) => url.pathname === '/');
  await guest.page.goto(invitationPath);
  await guest.page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await guest.page.getByLabel('Email or username', { exact: true }).fill(guestEmail);
  await guest.page.getByLabel('Password', { exact: true }).fill(password);
  await guest.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await guest.page.waitForURL((url) => url.pathname === invitationPath);
  await guest.page.getByRole('heading', { level: 1, name: `Join ${organizationName}` }).waitFor();
  await guest.page.getByText(ownerEmail).first().waitFor();
  await shot(guest.page, 'invitation');
  await guest.page.getByRole('button', { name: 'Accept' }).click();
  await guest.page.waitForURL(`**${organizationPath}/members?notice=joined`);
  await guest.page.getByText("You've joined the organization.", { exact: false }).waitFor();
  // A member sees the organization but none of the managing buttons, on any of its pages.
  await guest.page.getByRole('table').getByRole('rowheader', { name: 'Robin' }).waitFor();
  await expect(guest.page.getByRole('button', { name: /^Save role/ }).count()).resolves.toBe(0);
  await expect(guest.page.getByRole('button', { name: /^Remove/ }).count()).resolves.toBe(0);
  await shot(guest.page, 'joined-as-member');
  await expect(guest.page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Single sign-on' }).count()).resolves.toBe(0);
  await guest.page.goto(`${organizationPath}/invitations`);
  await guest.page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
  await expect(guest.page.getByRole('button', { name: 'Send invitation' }).count()).resolves.toBe(0);
  await guest.page.goto(`${organizationPath}/settings`);
  await guest.page.getByRole('button', { name: 'Leave organization' }).waitFor();
  await expect(guest.page.getByRole('button', { name: 'Delete organization' }).count()).resolves.toBe(0);
  await expect(guest.page.getByRole('button', { name: 'Save changes' }).count()).resolves.toBe(0);

  // The owner makes them an admin.
  await owner.page.goto(organizationPath);
  await memberRow(owner.page, 'Sam').getByRole('combobox', { name: 'Role of Sam' }).selectOption('admin');
  await memberRow(owner.page, 'Sam').getByRole('button', { name: 'Save role of Sam' }).click();
  await owner.page.getByText('Sam is now an admin.').waitFor();
  await expect(memberRow(owner.page, 'Sam').getByRole('combobox', { name: 'Role of Sam' }).inputValue()).resolves.toBe('admin');
  await shot(owner.page, 'role-saved');
  await owner.page.setViewportSize({ width: 390, height: 860 });
  await shot(owner.page, 'phone-members');
  await owner.page.setViewportSize({ width: 1280, height: 860 });

  // Now an admin, they see the invite form but not the delete button.
  await guest.page.goto(`${organizationPath}/invitations`);
  await guest.page.getByRole('button', { name: 'Send invitation' }).waitFor();
  await shot(guest.page, 'admin-view');
  await guest.page.goto(`${organizationPath}/settings`);
  await guest.page.getByRole('button', { name: 'Save changes' }).waitFor();
  await expect(guest.page.getByRole('button', { name: 'Delete organization' }).count()).resolves.toBe(0);

  // The owner removes them.
  await memberRow(owner.page, 'Sam').getByRole('button', { name: 'Remove Sam' }).click();
  await owner.page.getByText('Sam is no longer a member.').waitFor();
  // The notice can paint a moment before the table loses the row.
  await memberRow(owner.page, 'Sam').waitFor({ state: 'detached', timeout: 10_000 });
  await shot(owner.page, 'member-removed');
  await guest.page.reload();
  await guest.page.getByRole('heading', { name: "We couldn't open this organization" }).waitFor();
  await shot(guest.page, 'removed-view');

  // Deleting asks for the name first (on the Settings page).
  await owner.page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Settings' }).click();
  await owner.page.waitForURL(`**${organizationPath}/settings`);
  await owner.page.getByLabel("Type the organization's name to confirm", { exact: true }).fill('not the name');
  await owner.page.getByRole('button', { name: 'Delete organization' }).click();
  await owner.page.getByText("That isn't the organization's name.", { exact: false }).waitFor();
  await shot(owner.page, 'delete-mistyped');
  await owner.page.getByLabel("Type the organization's name to confirm", { exact: true }).fill(organizationName);
  await owner.page.getByRole('button', { name: 'Delete organization' }).click();
  await owner.page.waitForURL('**/organizations?notice=deleted');
  await owner.page.getByText('The organization has been deleted.').waitFor();
  await expect(owner.page.getByRole('link', { name: organizationName }).count()).resolves.toBe(0);
  await shot(owner.page, 'deleted');

  // At a phone's width the organization list page stays readable.
  const phone = await s.newPage({ width: 390 });
  await signUp(phone.page, { name: 'Kit', email: `phone.${unique}@example.com`, password });
  await phone.page.goto('/organizations');
  await phone.page.getByLabel('Name', { exact: true }).fill('Small Screen');
  await phone.page.getByRole('button', { name: 'Create organization' }).click();
  await phone.page.waitForURL(/\/organizations\/[^/?]+\/members\?notice=created$/);
  await phone.page.getByRole('heading', { level: 1, name: 'Small Screen' }).waitFor();
  await snap(phone.page, 'organizations', 'phone-organization');

  await Promise.all([owner.context.close(), guest.context.close(), phone.context.close()]);
});

browserIt('works without JavaScript: the slug comes from the name, and teams are created, renamed and removed', async () => {
  const { context, page } = await stack().newPage({ javaScriptEnabled: false });
  await signUp(page, { name: 'Ari', email: `nojs.${unique}@example.com`, password });

  await page.goto('/organizations');
  await page.getByLabel('Name', { exact: true }).fill(`Quiet Garden ${unique}`);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForURL(/\/organizations\/[^/?]+\/members\?notice=created$/);
  await page.getByText(`quiet-garden-${unique}`, { exact: true }).waitFor();
  await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Teams' }).click();
  await page.waitForURL(/\/organizations\/[^/?]+\/teams$/);

  await page.getByLabel('Team name', { exact: true }).fill('Listeners');
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.getByText('Listeners is created.').waitFor();
  await page.getByLabel('New name for Listeners', { exact: true }).fill('Quiet listeners');
  await page.getByRole('button', { name: 'Rename Listeners' }).click();
  await page.getByText('The team is now called Quiet listeners.').waitFor();
  await shot(page, 'no-js-teams');
  await page.getByRole('button', { name: 'Remove team Quiet listeners' }).click();
  await page.getByText('Quiet listeners is removed.').waitFor();
  await expect(page.getByRole('heading', { name: 'Quiet listeners' }).count()).resolves.toBe(0);
  await context.close();
});
