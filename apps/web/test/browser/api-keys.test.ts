// The API keys page in Chromium: create a key, see it once, use it against the gateway from Node,
// disable it (refused), enable it, delete it (gone); the plain-words errors; the page without JavaScript.
import type { Page } from 'playwright-core';
import { browserIt, signUp, snap, useStack } from './harness';

// Starting a gateway, this server and Chromium, then walking pages, takes a while.
jest.setTimeout(180_000);

const stack = useStack();

const shot = (page: Page, name: string) => snap(page, 'api-keys', name);
const password = 'a calm long password';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;


/** GET /api/auth/get-session on the gateway with the key, as a program would. */
async function callWithKey(key: string): Promise<{ status: number; body: { code?: string; user?: { email: string } } | null }> {
  const response = await fetch(`${stack().gatewayUrl}/api/auth/get-session`, { headers: { 'x-api-key': key } });
  return { status: response.status, body: (await response.json()) as never };
}

browserIt('creates a key, shows it once, and the key works until it is disabled or deleted', async () => {
  const { context, page } = await stack().newPage();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().webUrl });
  const email = `keys.${unique()}@example.com`;
  await signUp(page, { name: 'Kit', email, password });

  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'API keys' }).click();
  await page.waitForURL('**/account/api-keys');
  await page.getByText("You don't have any API keys yet.").waitFor();
  await shot(page, 'empty');

  // Nothing typed: the name is asked for, next to its field.
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByText('Please give the key a name, so you can tell it apart later.').waitFor();

  await page.getByLabel('Name', { exact: true }).fill('backup script');
  await page.getByLabel('Expires', { exact: true }).selectOption({ label: '30 days' });
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('API key', { exact: true });
  await field.waitFor();
  const key = await field.inputValue();
  expect(key).toMatch(/^[A-Za-z0-9]{64}$/);
  expect(await field.getAttribute('readonly')).not.toBeNull();
  await page.getByText("it won't be shown again.").waitFor();

  // Copy puts the key on the clipboard.
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Copied to your clipboard.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The list shows the key's start, never the key.
  const item = page.getByRole('listitem').filter({ hasText: 'backup script' });
  await item.getByText(`${key.slice(0, 6)}…`).waitFor();
  await item.getByText('Enabled', { exact: true }).waitFor();
  await item.getByText('Never', { exact: true }).waitFor(); // last used
  await shot(page, 'created');

  // A program can use it.
  const used = await callWithKey(key);
  expect(used.status).toBe(200);
  expect(used.body?.user?.email).toBe(email);

  // Shown once: after a reload the key is nowhere on the page.
  await page.reload();
  expect(await page.getByLabel('API key', { exact: true }).count()).toBe(0);
  expect(await page.content()).not.toContain(key);
  // Now it has been used: the list says when.
  expect(await item.getByText('Never', { exact: true }).count()).toBe(0);

  // Disabled: the gateway refuses the key.
  await item.getByRole('button', { name: 'Disable backup script' }).click();
  await page.getByText('“backup script” is disabled.', { exact: false }).waitFor();
  await item.getByText('Disabled', { exact: true }).waitFor();
  await shot(page, 'disabled');
  const refused = await callWithKey(key);
  expect(refused.status).toBe(401);
  expect(refused.body?.code).toBe('API_KEY_IS_DISABLED');

  // Enabled again, it works again.
  await item.getByRole('button', { name: 'Enable backup script' }).click();
  await page.getByText('“backup script” is enabled again.').waitFor();
  expect((await callWithKey(key)).status).toBe(200);

  // Deleted: gone from the list, and the key is invalid.
  await item.getByRole('button', { name: 'Delete backup script' }).click();
  await page.getByText('“backup script” is deleted.', { exact: false }).waitFor();
  await page.getByText("You don't have any API keys yet.").waitFor();
  expect(await page.getByRole('listitem').filter({ hasText: 'backup script' }).count()).toBe(0);
  await shot(page, 'deleted');
  const gone = await callWithKey(key);
  expect(gone.status).toBe(401);
  expect(gone.body?.code).toBe('INVALID_API_KEY');
  await context.close();
});

browserIt('says in plain words when a key is gone or a name is too long', async () => {
  const s = stack();
  const { context, page } = await s.newPage();
  await signUp(page, { name: 'Kit', email: `keys.errors.${unique()}@example.com`, password });
  await page.goto('/account/api-keys');
  await page.getByLabel('Name', { exact: true }).fill('deploy');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByLabel('API key', { exact: true }).waitFor();

  // Deleted in another tab, then disabled here.
  const other = await context.newPage();
  await other.goto('/account/api-keys');
  await other.getByRole('button', { name: 'Delete deploy' }).click();
  await other.getByText('“deploy” is deleted.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Disable deploy' }).click();
  await page.getByText('That key no longer exists. It may have been deleted in another window.').waitFor();
  // ... and the list no longer shows it.
  await page.getByText("You don't have any API keys yet.").waitFor();
  await shot(page, 'gone');

  await page.getByLabel('Name', { exact: true }).fill('a name that is far too long for any key');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByText('Please use a name of at most 32 characters.').waitFor();
  await shot(page, 'name-too-long');
  await context.close();
});

browserIt('works without JavaScript: the new key is a selectable read-only field', async () => {
  const s = stack();
  const { context, page } = await s.newPage({ javaScriptEnabled: false });
  await signUp(page, { name: 'Kit', email: `keys.nojs.${unique()}@example.com`, password });
  await page.goto('/account/api-keys');
  await page.getByLabel('Name', { exact: true }).fill('cron');
  await page.getByLabel('Expires', { exact: true }).selectOption({ label: 'Never' });
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('API key', { exact: true });
  await field.waitFor();
  const key = await field.inputValue();
  expect(key).toMatch(/^[A-Za-z0-9]{64}$/);
  // No Copy button without scripts: it could not work.
  expect(await page.getByRole('button', { name: 'Copy' }).count()).toBe(0);
  await page.getByRole('listitem').filter({ hasText: 'cron' }).getByText('Never', { exact: true }).first().waitFor();
  await shot(page, 'no-js-created');
  expect((await callWithKey(key)).status).toBe(200);

  await page.getByRole('button', { name: 'Delete cron' }).click();
  await page.getByText('“cron” is deleted.', { exact: false }).waitFor();
  await context.close();
});

browserIt('fits a phone screen', async () => {
  const { context, page } = await stack().newPage({ width: 375 });
  await signUp(page, { name: 'Kit', email: `p.${unique()}@example.com`, password });
  await page.goto('/account/api-keys');
  await page.getByLabel('Name', { exact: true }).fill('phone key');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByLabel('API key', { exact: true }).waitFor();
  await shot(page, 'phone');
  // Nothing on the API keys card reaches past the screen's edge.
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('section.card, section.card *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  expect(wide).toEqual([]);
  await context.close();
});
