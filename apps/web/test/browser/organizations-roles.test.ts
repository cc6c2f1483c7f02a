// The organization's own roles in Chromium: the owner creates a role with a permission checkbox
// per resource and action, is refused a taken name, edits it (name and permissions), gives it to
// a member, who then has exactly what it grants; deleting it is refused in words while the member
// holds it, and works once they have another role. Keyboard-usable and axe-clean throughout.
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, useStack } from './harness';
import { createOrganization, inviteAndJoin, memberRow, openSection, password, unique } from './organizations-steps';

jest.setTimeout(240_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'organizations-roles', name);

browserIt('creates, edits, assigns and deletes a role; an assigned role is not deleted, and says why', async () => {
  const s = stack();
  const id = unique();
  const owner = await s.newPage();
  const guest = await s.newPage();
  await signUp(owner.page, { name: 'Robin', email: `robin.${id}@example.com`, password });
  const base = await createOrganization(owner.page, `Role Clinic ${id}`);

  // The Roles page: the built-in roles with what they grant.
  await openSection(owner.page, 'Roles', `${base}/roles`);
  const roles = owner.page.getByRole('list', { name: 'Roles' });
  const role = (name: string) => roles.getByRole('listitem').filter({ has: owner.page.getByRole('heading', { name: new RegExp(`^${name}`) }) });
  await role('Owner').getByText('Built in').waitFor();
  await expect(role('Member').getByRole('definition').allInnerTexts()).resolves.toEqual(['read']);
  await expect(role('Owner').getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
  await shot(owner.page, 'built-in');

  // Sent without a name: the field says so.
  const create = owner.page.getByRole('region', { name: 'Create role' });
  await create.getByRole('button', { name: 'Create role' }).click();
  await create.getByText('Please give the role a name.').waitFor();
  await expectAccessible(owner.page, 'create role, no name');

  // Created from the keyboard: the name, then each permission ticked with Space, then Enter.
  await create.getByLabel('Role name').fill('Reviewer');
  for (const [resource, action] of [
    ['Invitations', 'create'],
    ['Teams', 'update'],
  ] as const) {
    await create.getByRole('group', { name: new RegExp(`^${resource}`) }).getByLabel(action, { exact: true }).focus();
    await owner.page.keyboard.press('Space');
  }
  await create.getByRole('button', { name: 'Create role' }).focus();
  await owner.page.keyboard.press('Enter');
  await owner.page.getByText('The role reviewer is created.').waitFor();
  // The notice can paint a moment before the list has the new role.
  await role('Reviewer').waitFor();
  await expect(role('Reviewer').getByRole('term').allInnerTexts()).resolves.toEqual(['Invitations', 'Teams']);
  await shot(owner.page, 'created');

  // A taken name (any case) and a built-in one are refused.
  for (const taken of ['REVIEWER', 'admin']) {
    await create.getByLabel('Role name').fill(taken);
    const answered = owner.page.waitForResponse((response) => response.request().method() === 'POST');
    await create.getByRole('button', { name: 'Create role' }).click();
    expect((await answered).status()).toBe(400);
    await create.getByText('That name is taken', { exact: false }).waitFor();
    await expect(create.getByLabel('Role name').inputValue()).resolves.toBe(taken);
  }
  await expectAccessible(owner.page, 'create role, name taken');

  // Edit: its name and permissions (Roles: read added, Teams: update taken away).
  await role('Reviewer').getByRole('button', { name: 'Edit' }).click();
  const edit = owner.page.getByRole('region', { name: 'Edit role Reviewer' });
  await expect(edit.getByRole('group', { name: /^Teams/ }).getByLabel('update', { exact: true }).isChecked()).resolves.toBe(true);
  await expectAccessible(owner.page, 'edit role');
  await edit.getByLabel('Role name').fill('Auditor');
  await edit.getByRole('group', { name: /^Teams/ }).getByLabel('update', { exact: true }).uncheck();
  await edit.getByRole('group', { name: /^Roles/ }).getByLabel('read', { exact: true }).check();
  await edit.getByRole('button', { name: 'Save role' }).click();
  await owner.page.getByText('The role auditor is saved.').waitFor();
  await role('Auditor').waitFor();
  await expect(role('Auditor').getByRole('term').allInnerTexts()).resolves.toEqual(['Invitations', 'Roles']);
  await role('Reviewer').waitFor({ state: 'detached', timeout: 10_000 });
  await shot(owner.page, 'edited');

  // Someone joins; the owner gives them the new role: the change-role select offers it.
  await inviteAndJoin(s, owner.page, guest.page, base, { name: 'Sam', email: `sam.${id}@example.com` });
  await owner.page.goto(`${base}/members`);
  await memberRow(owner.page, 'Sam').getByRole('combobox', { name: 'Role of Sam' }).selectOption('auditor');
  await memberRow(owner.page, 'Sam').getByRole('button', { name: 'Save role of Sam' }).click();
  await owner.page.getByText('Sam is now an auditor.').waitFor();

  // Their pages follow the role: they may invite (invitation: create) and read the roles, nothing more.
  await guest.page.goto(`${base}/invitations`);
  await guest.page.getByRole('button', { name: 'Send invitation' }).waitFor();
  await expect(guest.page.getByRole('button', { name: /^Cancel invitation/ }).count()).resolves.toBe(0);
  await guest.page.goto(`${base}/roles`);
  await guest.page.getByRole('heading', { name: /^Auditor/ }).waitFor();
  await expect(guest.page.getByRole('button', { name: 'Create role' }).count()).resolves.toBe(0);
  await expect(guest.page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
  await shot(guest.page, 'as-auditor');

  // Without Roles: read the pages cannot read the role: they ask the gateway one permission at a
  // time, and still follow it (inviting, no Roles page).
  await owner.page.goto(`${base}/roles`);
  await role('Auditor').getByRole('button', { name: 'Edit' }).click();
  const again = owner.page.getByRole('region', { name: 'Edit role Auditor' });
  await again.getByRole('group', { name: /^Roles/ }).getByLabel('read', { exact: true }).uncheck();
  await again.getByRole('button', { name: 'Save role' }).click();
  await owner.page.getByText('The role auditor is saved.').waitFor();
  await guest.page.goto(`${base}/invitations`);
  await guest.page.getByRole('button', { name: 'Send invitation' }).waitFor();
  await expect(guest.page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Roles' }).count()).resolves.toBe(0);
  await expect(guest.page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Members' }).count()).resolves.toBe(1);

  // Deleting a role a member holds is refused, in words that say what to do.
  await owner.page.goto(`${base}/roles`);
  await role('Auditor').getByRole('button', { name: 'Delete' }).click();
  await owner.page.getByText("Members still have the role auditor, so it can't be deleted. Give them another role on the Members page first, then delete it.").waitFor();
  await expect(role('Auditor').count()).resolves.toBe(1);
  await shot(owner.page, 'delete-refused');

  // Once Sam is a member again, the role goes.
  await owner.page.goto(`${base}/members`);
  await memberRow(owner.page, 'Sam').getByRole('combobox', { name: 'Role of Sam' }).selectOption('member');
  await memberRow(owner.page, 'Sam').getByRole('button', { name: 'Save role of Sam' }).click();
  await owner.page.getByText('Sam is now a member.').waitFor();
  await owner.page.goto(`${base}/roles`);
  await role('Auditor').getByRole('button', { name: 'Delete' }).click();
  await owner.page.getByText('The role auditor is deleted.').waitFor();
  await role('Auditor').waitFor({ state: 'detached', timeout: 10_000 });
  await shot(owner.page, 'deleted');
  await Promise.all([owner.context.close(), guest.context.close()]);
});
