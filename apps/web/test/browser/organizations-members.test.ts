// Member search and directory provisioning in Chromium. The owner adds the organization's OpenID
// provider (a real oidc-provider on 127.0.0.1) and, on the Single sign-on page, generates its SCIM
// token: shown once, with the base URL and copy buttons, then only the time it was made. A
// directory pushes twelve people through that base URL with that token (real SCIM over HTTP);
// on the Members page the owner searches by name or email, filters by role, pages through them
// and sees the total.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserIt, expectAccessible, signUp, snap, startStack, type Stack } from './harness';
import { createOrganization, memberRow, openSection, password, unique } from './organizations-steps';

jest.setTimeout(240_000);

interface OidcIdp {
  issuer: string;
  close(): Promise<void>;
}

/** The test IdP of the sso package's sources (the web app depends on no core package). */
function loadIdp(): { startOidcIdp(options: { clientId: string; clientSecret: string; redirectURIs: string[]; account: { sub: string; email: string; name: string } }): Promise<OidcIdp> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(__dirname, '..', '..', '..', '..', 'packages', 'sso', 'src', 'testing', 'index.ts'));
}

const id = unique();
const domain = `clinic-${id}.example`;
const providerId = `clinic-${id}`;
const CLIENT = { clientId: 'tend-web-scim', clientSecret: 'web-scim-client-secret-0123456789' };

let stack: Stack | undefined;
let idp: OidcIdp | undefined;
let warn: jest.SpyInstance | undefined;

beforeAll(async () => {
  if (browserIt !== it) return;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  stack = await startStack({ gatewayEnv: ({ webUrl }) => ({ AUTH_BASE_URL: webUrl }) });
  idp = await loadIdp().startOidcIdp({ ...CLIENT, redirectURIs: [`${stack.webUrl}/api/auth/sso/callback/${providerId}`], account: { sub: 'x', email: `x@${domain}`, name: 'X' } });
});
afterAll(async () => {
  await stack?.stop();
  await idp?.close();
  warn?.mockRestore();
});

const shot = (page: Page, name: string) => snap(page, 'organizations-members', name);

/** A directory's POST /Users, through the base URL the page gave. */
async function provision(baseUrl: string, token: string, user: { userName: string; name: string }): Promise<number> {
  const [givenName, familyName] = user.name.split(' ');
  const res = await fetch(`${baseUrl}/Users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: user.userName, name: { givenName, familyName }, emails: [{ value: user.userName, primary: true }], active: true }),
  });
  return res.status;
}

browserIt('generates a SCIM token shown once; provisioned members are searched, filtered and paged with the total', async () => {
  const s = stack!;
  const { page } = await s.newPage();
  await signUp(page, { name: 'Robin Owner', email: `robin.${id}@example.com`, password });
  const base = await createOrganization(page, `Search Clinic ${id}`);

  // The Single sign-on page: add the provider.
  await openSection(page, 'Single sign-on', `${base}/sso`);
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await section.getByLabel('OpenID Connect (Entra ID, Okta, Keycloak…)').check();
  await section.getByLabel('Email domain', { exact: true }).fill(domain);
  await section.getByLabel('Issuer URL').fill(idp!.issuer);
  await section.getByLabel('Client ID').fill(CLIENT.clientId);
  await section.getByLabel('Client secret').fill(CLIENT.clientSecret);
  await section.getByLabel('Provider ID (optional)').fill(providerId);
  await section.getByRole('button', { name: 'Add an identity provider' }).click();
  await section.getByText(`The identity provider for ${domain} is added.`, { exact: false }).waitFor();

  // Directory provisioning (SCIM): the base URL to paste, no token yet.
  const scim = section.getByRole('group', { name: 'Directory provisioning (SCIM)' });
  const baseUrl = await scim.getByLabel('SCIM base URL').inputValue();
  expect(baseUrl).toBe(`${s.webUrl}/api/auth/scim/v2`);
  await scim.getByText('No SCIM token yet.').waitFor();
  await expectAccessible(page, 'directory provisioning, no token');

  // Generate SCIM token, from the keyboard: shown this once, with a copy button; focus is on it.
  await scim.getByRole('button', { name: 'Generate SCIM token' }).focus();
  await page.keyboard.press('Enter');
  const tokenField = scim.getByLabel('SCIM token', { exact: true });
  await tokenField.waitFor();
  const token = await tokenField.inputValue();
  expect(token).toMatch(/^scim_[A-Za-z0-9]{48}$/);
  await scim.getByText('Copy it now: it is shown this once.', { exact: false }).waitFor();
  await scim.getByText(/The token in force was made /).waitFor();
  await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? '')).resolves.toBe(`scim-${providerId}-title`);
  await scim.getByRole('button', { name: 'Copy SCIM token' }).click();
  await scim.getByText(/Copied to your clipboard\.|We couldn't copy it for you/).waitFor();
  await scim.getByRole('button', { name: 'Copy SCIM base URL' }).waitFor();
  await shot(page, 'scim-token');

  // Reloaded, the token is gone for good: only when it was made.
  await page.reload();
  await scim.getByText(/The token in force was made /).waitFor();
  await expect(scim.getByLabel('SCIM token', { exact: true }).count()).resolves.toBe(0);
  await expect(page.content()).resolves.not.toContain(token);
  const made = await scim.locator('time').getAttribute('datetime');
  expect(Date.now() - Date.parse(made!)).toBeLessThan(10 * 60_000);
  await expectAccessible(page, 'directory provisioning, token made');

  // The directory pushes eleven nurses and one doctor, through the base URL with the token.
  const people = [...Array.from({ length: 11 }, (_, i) => ({ name: `Nurse N${String(i + 1).padStart(2, '0')}`, userName: `nurse${String(i + 1).padStart(2, '0')}@${domain}` })), { name: 'Dana Doctor', userName: `dana@${domain}` }];
  for (const person of people) expect(await provision(baseUrl, token, person)).toBe(201);

  // Members: 13 in all, ten a page, oldest first.
  await openSection(page, 'Members', `${base}/members`);
  await page.getByText('13 members. Showing 1–10.').waitFor();
  await expect(page.getByRole('table').getByRole('rowheader').count()).resolves.toBe(10);
  await memberRow(page, 'Robin Owner').waitFor();
  await shot(page, 'page-1');
  await page.getByRole('navigation', { name: 'Member pages' }).getByRole('link', { name: 'Next page' }).click();
  await page.getByText('13 members. Showing 11–13.').waitFor();
  await memberRow(page, 'Dana Doctor').waitFor();
  await expect(page.getByRole('link', { name: 'Next page' }).count()).resolves.toBe(0);
  await page.getByText('Page 2 of 2').waitFor();
  await expectAccessible(page, 'members, page 2');

  // Search members by name, case-insensitively, from the keyboard.
  const search = page.getByRole('search', { name: 'Member search' });
  await search.getByLabel('Search members').fill('DOCTOR');
  await page.keyboard.press('Enter');
  await page.getByText('1 member matches “DOCTOR”.').waitFor();
  await expect(page.getByRole('table').getByRole('rowheader').allInnerTexts()).resolves.toEqual(['Dana Doctor']);
  await shot(page, 'search-name');

  // By email: the nurses, two pages of them; the paging keeps the search.
  await search.getByLabel('Search members').fill(`nurse`);
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByText('11 members match “nurse”. Showing 1–10.').waitFor();
  await page.getByRole('link', { name: 'Next page' }).click();
  await page.getByText('11 members match “nurse”. Showing 11–11.').waitFor();
  await expect(page.getByRole('table').getByRole('rowheader').allInnerTexts()).resolves.toEqual(['Nurse N11']);
  expect(new URL(page.url()).searchParams.get('q')).toBe('nurse');

  // A role filter: make one nurse an admin, then filter by Admin, and by Owner.
  await page.goto(`${base}/members?q=N03`);
  await memberRow(page, 'Nurse N03').getByRole('combobox', { name: 'Role of Nurse N03' }).selectOption('admin');
  await memberRow(page, 'Nurse N03').getByRole('button', { name: 'Save role of Nurse N03' }).click();
  await page.getByText('Nurse N03 is now an admin.').waitFor();
  await page.goto(`${base}/members`);
  await search.getByLabel('Role').selectOption('admin');
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByText('1 member matches with the role Admin.').waitFor();
  await expect(page.getByRole('table').getByRole('rowheader').allInnerTexts()).resolves.toEqual(['Nurse N03']);
  await search.getByLabel('Search members').fill('dana');
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByText('0 members match “dana” with the role Admin.').waitFor();
  await page.getByText('No member matches. Try another name, email or role.').waitFor();
  await expectAccessible(page, 'members, nothing matches');
  await search.getByLabel('Search members').fill('');
  await search.getByLabel('Role').selectOption('owner');
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByText('1 member matches with the role Owner.').waitFor();
  await expect(page.getByRole('table').getByRole('rowheader').count()).resolves.toBe(1);
  await memberRow(page, 'Robin Owner').waitFor();
  await shot(page, 'filter-owner');
});
