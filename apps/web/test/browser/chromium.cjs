// One Chromium for every browser test file of a jest run (the web-browser project's globalSetup
// and globalTeardown): launched once here, its playwright server's address handed to the test
// workers in TEND_CHROMIUM_WS_ENDPOINT; the harness connects to it and gives each test file its own
// browser contexts, so tests stay isolated without a Chromium start per file.
const { existsSync } = require('node:fs');

const CHROMIUM = '/usr/bin/chromium';
/** The flags every browser test's Chromium runs with (the harness launches with them too). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const ENDPOINT_VARIABLE = 'TEND_CHROMIUM_WS_ENDPOINT';

async function globalSetup() {
  // Without Chromium the tests skip themselves (the harness says why); one already given is kept.
  if (!existsSync(CHROMIUM) || process.env[ENDPOINT_VARIABLE]) return;
  const { chromium } = require('playwright-core');
  const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  globalThis.__tendChromiumServer = server;
  // Set before jest starts its workers, which inherit it.
  process.env[ENDPOINT_VARIABLE] = server.wsEndpoint();
}

async function globalTeardown() {
  const server = globalThis.__tendChromiumServer;
  if (!server) return;
  globalThis.__tendChromiumServer = undefined;
  delete process.env[ENDPOINT_VARIABLE];
  await server.close();
}

module.exports = { CHROMIUM, CHROMIUM_ARGS, ENDPOINT_VARIABLE, globalSetup, globalTeardown };
