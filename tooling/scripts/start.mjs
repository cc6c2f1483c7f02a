#!/usr/bin/env node
// `pnpm start`: build what is stale (tooling/scripts/build.mjs: swc for the packages, Vite for the
// web app only when its inputs changed; no type check, that is `pnpm typecheck`) and run the
// gateway and the web app together. The gateway starts (and migrates its database) as soon as the
// packages are built, while the web app's Vite build, when one is needed, runs beside it.
//   PORT (3000)      the gateway          WEB_PORT (3001)   the web app
//   DATABASE_URL     unset: the embedded PGlite database in ./.data (the repository root)
//   RESEND_API_KEY   unset (and NODE_ENV not production): mails go to the development outbox,
//                    listed at http://localhost:WEB_PORT/dev/outbox
//   AUTH_WEB_URL, AUTH_BASE_URL  unset: http://localhost:WEB_PORT, so every mailed link opens the
//                    web app (which proxies /api/auth); see start-env.mjs
//   --no-build (or START_SKIP_BUILD=1) skips the build step.
// Ctrl-C stops both; if either stops, the other is stopped too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEnvs } from './start-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;
const { port, webPort, outbox, gateway: gatewayEnv, web: webEnv } = startEnvs(env);
const skipBuild = process.argv.includes('--no-build') || env.START_SKIP_BUILD === '1';

function say(line) {
  process.stdout.write(`[start] ${line}\n`);
}

const buildScript = path.join(root, 'tooling', 'scripts', 'build.mjs');
const buildEnv = { ...env, TURBO_TELEMETRY_DISABLED: '1' };
const buildFailed = (status) => {
  say('the build failed; fix it and run `pnpm start` again');
  return status ?? 1;
};

if (!skipBuild) {
  say('building what changed (pnpm build)…');
  const build = spawnSync(process.execPath, [buildScript, '--quiet', '--no-web'], { cwd: root, stdio: 'inherit', env: buildEnv });
  if (build.status !== 0) process.exit(buildFailed(build.status));
}

const gatewayMain = path.join(root, 'apps', 'gateway', 'dist', 'main.js');
const webServer = path.join(root, 'apps', 'web', 'server.mjs');
const webBuilt = path.join(root, 'apps', 'web', 'build', 'server', 'index.js');
function requireBuilt(file, what) {
  if (existsSync(file)) return true;
  say(`the ${what} is not built (${path.relative(root, file)} is missing): run \`pnpm build\``);
  return false;
}
if (!requireBuilt(gatewayMain, 'gateway') || (skipBuild && !requireBuilt(webBuilt, 'web app'))) process.exit(1);

const children = new Map();
let stopping = false;

function run(name, file, childEnv, cwd) {
  const child = spawn(process.execPath, [file], { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      say(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
      stop(code || 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  children.set(name, child);
  return child;
}

function stop(code = 0, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children.values()) child.kill(signal);
  if (children.size === 0) process.exit(code);
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code || 1);
  }, 10_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0, signal));

run('gateway', gatewayMain, gatewayEnv, root);

if (!skipBuild) {
  // The web app's build (only when its inputs changed), beside the gateway's start.
  const webBuild = spawn(process.execPath, [buildScript, '--quiet', '--web-only'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: buildEnv });
  const stopBuild = () => webBuild.kill('SIGTERM');
  process.once('exit', stopBuild);
  const status = await new Promise((resolve) => webBuild.on('exit', (code) => resolve(code)));
  process.removeListener('exit', stopBuild);
  if (!stopping && (status !== 0 || !requireBuilt(webBuilt, 'web app'))) stop(buildFailed(status));
}
if (!stopping) run('web', webServer, webEnv, path.join(root, 'apps', 'web'));

async function ready(url) {
  for (let attempt = 0; attempt < 240 && !stopping; attempt++) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const [gatewayUp, webUp] = await Promise.all([ready(`http://127.0.0.1:${port}/api/auth/ok`), ready(`http://127.0.0.1:${webPort}/healthz`)]);
if (gatewayUp && webUp) {
  say('');
  say(`Tend is running.`);
  say(`  web app   http://localhost:${webPort}`);
  say(`  gateway   http://localhost:${port}/api/auth`);
  if (outbox) say(`  outbox    http://localhost:${webPort}/dev/outbox   (mails are kept here, not sent)`);
  say('Press Ctrl-C to stop.');
} else if (!stopping) {
  say(`not ready after a minute (gateway ${gatewayUp ? 'up' : 'down'}, web ${webUp ? 'up' : 'down'}); stopping`);
  stop(1);
}
