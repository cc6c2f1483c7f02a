// Starts a real gateway and this web server as child processes on free ports (PGlite in a temp
// dir, or a fresh PostgreSQL database when TEST_DATABASE=postgres), and connects to the jest run's
// one Debian Chromium (chromium.cjs, the project's globalSetup); without it, launches its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM as chromiumPath, CHROMIUM_ARGS, ENDPOINT_VARIABLE } from './chromium.cjs';

export const CHROMIUM: string = chromiumPath;
const web = path.resolve(__dirname, '..', '..');
const repo = path.resolve(web, '..', '..');
const gatewayDir = path.join(repo, 'apps', 'gateway');
export const screenshotDir = path.join(web, 'artifacts', 'screenshots');

/** Whether browser tests can run here; when not, the reason is printed once and they are skipped. */
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`Browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium).`);

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  purpose?: string;
  createdAt: string;
}

export interface Stack {
  gatewayUrl: string;
  webUrl: string;
  browser: Browser;
  /** The outbox's mails to `to`, newest first. */
  mails(to: string): Promise<Mail[]>;
  /** A new browser context (own cookies) with a page that fails the test on page errors. */
  newPage(options?: { javaScriptEnabled?: boolean; width?: number; userAgent?: string }): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Child {
  process: ChildProcess;
  log: string[];
}

function start(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const keep = (chunk: Buffer) => log.push(`[${name}] ${chunk.toString()}`);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { process: child, log };
}

async function waitFor(url: string, child: Child, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`${what} exited early:\n${child.log.join('')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not ready after 90s:\n${child.log.join('')}`);
}

async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function psql(sql: string): void {
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const result = spawnSync('psql', [admin, '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
}

/** How the gateway runs: its build when there is one, else its TypeScript sources through tsx. */
function gatewayCommand(): string[] {
  const built = path.join(gatewayDir, 'dist', 'main.js');
  if (existsSync(built)) return [built];
  return ['--conditions=@tend/source', '--import', 'tsx', path.join(gatewayDir, 'src', 'main.ts')];
}

/** Builds the web app when it has not been built (`pnpm build` and `test:browser` build it first). */
function ensureWebBuild(): void {
  if (existsSync(path.join(web, 'build', 'server', 'index.js'))) return;
  const result = spawnSync(path.join(web, 'node_modules', '.bin', 'remix'), ['vite:build'], { cwd: web, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * The run's shared Chromium when the web-browser project's globalSetup started one (each stack
 * makes its own contexts in it, and `close` only drops those and disconnects), else a new one.
 */
async function openBrowser(own: boolean): Promise<Browser> {
  const endpoint = process.env[ENDPOINT_VARIABLE];
  if (endpoint && !own) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface StackOptions {
  /** A Chromium of this stack's own instead of the run's shared one. */
  ownBrowser?: boolean;
  /** Extra gateway environment, given both URLs (e.g. identity providers, AUTH_BASE_URL on the web origin). */
  gatewayEnv?: (urls: { gatewayUrl: string; webUrl: string }) => Record<string, string>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  ensureWebBuild();
  const [gatewayPort, webPort] = [await freePort(), await freePort()];
  const gatewayUrl = `http://localhost:${gatewayPort}`;
  const webUrl = `http://localhost:${webPort}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-web-browser-'));

  const usePostgres = process.env.TEST_DATABASE === 'postgres';
  const database = `tend_web_${process.pid}_${gatewayPort}`;
  if (usePostgres) psql(`CREATE DATABASE ${database}`);
  const postgresUrl = new URL(process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  postgresUrl.pathname = `/${database}`;

  const { RESEND_API_KEY: _resend, DATABASE_URL: _database, ...env } = process.env;
  const gateway = start('gateway', gatewayCommand(), gatewayDir, {
    ...env,
    NODE_ENV: 'development',
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    AUTH_SECRET: 'test-secret-at-least-32-characters-long',
    AUTH_BASE_URL: gatewayUrl,
    AUTH_WEB_URL: webUrl,
    AUTH_TRUSTED_ORIGINS: `${webUrl},http://127.0.0.1:${webPort}`,
    PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    ...(usePostgres ? { DATABASE_URL: postgresUrl.toString() } : {}),
    // Rate limiting has its own tests; here many sign-ins come from one address within seconds.
    AUTH_RATE_LIMIT: 'off',
    // As in `pnpm start`: the web server calls from 127.0.0.1 and forwards the browser's address.
    AUTH_TRUSTED_PROXIES: 'loopback',
    ...options.gatewayEnv?.({ gatewayUrl, webUrl }),
  });
  const webServer = start('web', [path.join(web, 'server.mjs')], web, {
    ...env,
    NODE_ENV: 'production',
    WEB_PORT: String(webPort),
    WEB_HOST: '127.0.0.1',
    GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
    DEV_OUTBOX: '1',
  });

  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await Promise.all([stopChild(webServer), stopChild(gateway)]);
    if (usePostgres) psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await Promise.all([
      waitFor(`http://127.0.0.1:${gatewayPort}/api/auth/ok`, gateway, 'the gateway'),
      waitFor(`http://127.0.0.1:${webPort}/healthz`, webServer, 'the web server'),
    ]);
    browser = await openBrowser(options.ownBrowser ?? false);
  } catch (error) {
    await stop();
    throw error;
  }
  mkdirSync(screenshotDir, { recursive: true });

  return {
    gatewayUrl,
    webUrl,
    browser,
    async mails(to) {
      const response = await fetch(`http://127.0.0.1:${gatewayPort}/api/dev/outbox`);
      if (!response.ok) throw new Error(`outbox answered ${response.status}`);
      const { mails } = (await response.json()) as { mails: Mail[] };
      return mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
    },
    async newPage(options = {}) {
      const context = await browser!.newContext({
        baseURL: webUrl,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        viewport: { width: options.width ?? 1280, height: 860 },
        userAgent: options.userAgent,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
      });
      (page as Page & { problems: string[] }).problems = problems;
      if (options.javaScriptEnabled === false) pagesWithoutScripts.add(page);
      return { context, page };
    },
    stop,
  };
}

/** Pages opened with JavaScript off (axe needs the page's timers for the length of its run). */
const pagesWithoutScripts = new WeakSet<Page>();

/** The page errors and console errors a page has seen so far. */
export function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

let shots = 0;
const cleared = new Set<string>();

/**
 * Saves a full-page screenshot as artifacts/screenshots/<prefix>-<nn>-<name>.png, checking what
 * every page must have: each visible input has a label, no script error happened, and axe-core
 * finds no violation (`expectAccessible`; the screenshot is saved first, to look at when it fails).
 */
export async function snap(page: Page, prefix: string, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const unlabelled = await page.evaluate(() =>
    Array.from(document.querySelectorAll('input, select, textarea'))
      .filter((el) => (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => !(el as HTMLInputElement).labels?.length && !el.getAttribute('aria-label'))
      .map((el) => el.outerHTML),
  );
  if (unlabelled.length) throw new Error(`inputs without a label on ${page.url()}: ${unlabelled.join(', ')}`);
  const problems = problemsOf(page);
  if (problems.length) throw new Error(`script errors on ${page.url()}: ${problems.join(' | ')}`);
  // Each run replaces the previous run's screenshots of the same test file.
  if (!cleared.has(prefix)) {
    cleared.add(prefix);
    for (const file of readdirSync(screenshotDir)) if (file.startsWith(`${prefix}-`)) rmSync(path.join(screenshotDir, file));
  }
  shots += 1;
  await page.screenshot({ path: path.join(screenshotDir, `${prefix}-${String(shots).padStart(2, '0')}-${name}.png`), fullPage: true });
  await expectAccessible(page, `${prefix}/${name}`);
}

/** The latest outbox mail to `to` whose purpose or subject matches, and its first link. */
export async function latestLink(stack: Stack, to: string, match: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = (await stack.mails(to)).find((m) => match.test(m.purpose ?? '') || match.test(m.subject));
    const link = mail?.links[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = (await stack.mails(to)).map((m) => `${m.purpose ?? '-'}: ${m.subject}`);
  throw new Error(`no mail matching ${match} to ${to}; the outbox has: ${seen.join('; ') || 'nothing'}`);
}

export interface SignUpFields {
  name: string;
  email: string;
  password: string;
  username?: string;
}

export interface SignUpOptions {
  /** The form is already open (the test followed a link to it): no navigation to /sign-up. */
  onForm?: boolean;
  /** Runs on the filled form before it is sent (a screenshot, a check). */
  beforeSubmit?: () => Promise<void>;
  /** Whether the sign-up goes through: then it waits for the verify-email notice (default true). */
  succeeds?: boolean;
}

/** Signs up through the form at /sign-up as a person would: fills it, sends it, waits for the notice. */
export async function signUp(page: Page, fields: SignUpFields, options: SignUpOptions = {}): Promise<void> {
  if (!options.onForm) await page.goto('/sign-up');
  await page.getByLabel('Your name', { exact: true }).fill(fields.name);
  await page.getByLabel('Email', { exact: true }).fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  if (fields.username !== undefined) await page.getByLabel(/^Username/).fill(fields.username);
  await options.beforeSubmit?.();
  await page.getByRole('button', { name: 'Create account' }).click();
  if (!(options.succeeds ?? true)) return;
  try {
    await page.waitForURL('**/verify-email?**');
  } catch (error) {
    // Say what the page said instead (a refusal, a busy server), not only that it stayed.
    const said = await page.getByRole('alert').allTextContents().catch(() => []);
    throw new Error(`sign-up of ${fields.email} stayed on ${page.url()}; alerts: ${JSON.stringify(said)}; script errors: ${JSON.stringify(problemsOf(page))}`, { cause: error });
  }
}

/** What every page must pass: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; html: string }>;
}

let axeSource: string | undefined;

/**
 * Runs axe-core over the page as it is now and throws with every violation, naming the state
 * (`label`). axe is evaluated through the DevTools protocol, which the page's Content-Security-
 * Policy does not govern, so the check runs under the web app's strict CSP and with JavaScript off.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.waitForLoadState('networkidle');
  if (!pagesWithoutScripts.has(page)) return runAxe(page, label);
  // With JavaScript off the page's timers never fire and axe would wait forever: axe checks the
  // same document (its markup as it stands, without scripts) at the same address in a page of its own.
  const [url, html, viewport] = [page.url(), await page.content(), page.viewportSize()];
  const context = await page.context().browser()!.newContext({ viewport: viewport ?? undefined, deviceScaleFactor: 1 });
  try {
    const copy = await context.newPage();
    await copy.route((address) => address.href === url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html.replace(/<script\b[\s\S]*?<\/script>/gi, '') }));
    await copy.goto(url);
    await copy.waitForLoadState('networkidle');
    await runAxe(copy, label);
  } finally {
    await context.close();
  }
}

async function runAxe(page: Page, label: string): Promise<void> {
  const loaded = await page.evaluate(`${axeSource}\n;typeof window.axe === 'object' && typeof window.axe.run === 'function'`);
  if (loaded !== true) throw new Error(`axe-core did not load on ${label} (${page.url()})`);
  const violations = await page.evaluate(async (tags) => {
    type Axe = { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; html: string }> }> }> };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 200) })) }));
  }, AXE_TAGS);
  if (violations.length > 0) throw new Error(`axe found ${violations.length} violation(s) on ${label} (${page.url()}):\n${violations.map(describeViolation).join('\n')}`);
}

function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes.map((node) => `    ${node.target}: ${node.html}`).join('\n');
  return `  ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n${nodes}`;
}

/** `it`, or `it.skip` when Chromium is missing. */
export const browserIt = hasChromium ? it : it.skip;

/**
 * The stack of one test file: started before its tests when the browser tests run (`browserIt` is
 * `it`), stopped after them. Called at the top of the file; the function it returns gives the stack.
 */
export function useStack(options: StackOptions = {}): () => Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    if (browserIt === it) stack = await startStack(options);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error('the stack of this file has not started (are the browser tests skipped?)');
    return stack;
  };
}
