// Webhooks in the admin console, in Chromium against a real gateway (issue 34): a site admin adds
// a webhook with the keyboard (URL, events as checkboxes, description), copies its secret shown
// once, sees a delivery arrive at a real receiver and in the deliveries list, redelivers it with
// the same webhook-id, disables and enables it, rotates the secret and deletes it; axe checks each
// state of the page.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, startStack, type Stack } from './harness';

jest.setTimeout(240_000);

const adminEmail = 'webhooks.admin@example.com';
const adminPassword = 'a calm admin password';

let stack: Stack | undefined;
let server: Server | undefined;
const received: Array<{ headers: IncomingHttpHeaders; body: { type: string; data: { user: { id: string; name: string } } } }> = [];

beforeAll(async () => {
  if (browserIt !== it) return;
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  process.env.AUTH_BOOTSTRAP_ADMIN_EMAIL = adminEmail;
  process.env.AUTH_BOOTSTRAP_ADMIN_PASSWORD = adminPassword;
  stack = await startStack({ gatewayEnv: () => ({ AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'on', AUTH_WEBHOOK_POLL_INTERVAL_MS: '200' }) });
});
afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  delete process.env.AUTH_BOOTSTRAP_ADMIN_EMAIL;
  delete process.env.AUTH_BOOTSTRAP_ADMIN_PASSWORD;
});

const shot = (page: Page, name: string) => snap(page, 'webhooks', name);

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

browserIt('a site admin adds, watches, redelivers, disables, rotates and deletes a webhook', async () => {
  const receiverUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/tend`;
  const { context, page } = await stack!.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email or username', { exact: true }).fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.waitForURL('**/admin/webhooks');
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  await page.getByText('No webhooks yet.').waitFor();
  await expectAccessible(page, 'no webhooks');

  // Add webhook, by keyboard only: type the URL, tick user.created with Space, submit with Enter.
  await page.getByLabel('URL', { exact: true }).focus();
  await page.keyboard.type(receiverUrl);
  await page.getByRole('checkbox', { name: 'user.created' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'user.deleted' }).check();
  await page.getByLabel(/^Description/).focus();
  await page.keyboard.type('Mood history service');
  await page.keyboard.press('Enter');
  const secretField = page.getByLabel('Signing secret', { exact: true });
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('button', { name: /^Copy/ }).first().waitFor();
  const item = page.getByRole('listitem').filter({ hasText: receiverUrl });
  await item.getByText('Enabled', { exact: true }).waitFor();
  await item.getByText('user.created, user.deleted').waitFor();
  await shot(page, 'added');
  await expectAccessible(page, 'a webhook added, its secret shown');

  // The secret is shown once: not after a reload.
  await page.goto('/admin/webhooks');
  await expect(page.getByLabel('Signing secret', { exact: true }).count()).resolves.toBe(0);
  expect(await page.content()).not.toContain(secret);

  // Someone signs up: user.created arrives, and shows in the webhook's deliveries.
  const { context: visitor, page: visitorPage } = await stack!.newPage();
  await signUp(visitorPage, { name: 'Mira Calm', email: `mira.${Date.now()}@example.com`, password: 'a calm long password' });
  await visitor.close();
  await until(() => received.some((delivery) => delivery.body.type === 'user.created'), 'user.created at the receiver');
  const first = received.find((delivery) => delivery.body.type === 'user.created')!;
  expect(first.body.data.user.name).toBe('Mira Calm');

  await page.getByRole('link', { name: `Deliveries of ${receiverUrl}` }).click();
  await page.waitForURL('**/admin/webhooks?deliveries=*');
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: 'user.created' });
  await row.getByRole('cell', { name: 'Delivered' }).waitFor();
  await row.getByRole('cell', { name: '204' }).waitFor();
  await shot(page, 'deliveries');
  await expectAccessible(page, 'the deliveries of a webhook');

  // Redeliver: the same webhook-id again.
  const before = received.length;
  await row.getByRole('button', { name: /^Redeliver/ }).click();
  await page.getByText('The user.created delivery is on its way again', { exact: false }).waitFor();
  await until(() => received.length > before, 'the redelivery');
  expect(received.at(-1)!.headers['webhook-id']).toBe(first.headers['webhook-id']);

  // Disable, then Enable.
  await item.getByRole('button', { name: `Disable ${receiverUrl}` }).click();
  await item.getByText('Disabled', { exact: true }).waitFor();
  await item.getByRole('button', { name: `Enable ${receiverUrl}` }).click();
  await item.getByText('Enabled', { exact: true }).waitFor();

  // Rotate secret: a new one, shown once.
  await item.getByRole('button', { name: `Rotate secret of ${receiverUrl}` }).click();
  const rotated = await page.getByLabel('Signing secret', { exact: true }).inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await expectAccessible(page, 'a secret rotated');

  // Delete, after the confirmation step (keyboard: the question takes focus).
  await item.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
  await page.getByRole('button', { name: 'Yes, delete webhook' }).waitFor();
  await expectAccessible(page, 'deleting a webhook');
  await page.getByRole('button', { name: 'Yes, delete webhook' }).click();
  await page.getByText(`The webhook to ${receiverUrl} is deleted.`, { exact: false }).waitFor();
  await page.getByText('No webhooks yet.').waitFor();
  await shot(page, 'deleted');
  await context.close();
});
