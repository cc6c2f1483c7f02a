#!/usr/bin/env node
// `pnpm build` (and the first step of `pnpm start`, `pnpm test`): everything the running apps,
// the tests and the images need, doing only what is stale.
//   1. the Prisma client (packages/database/src/generated), when prisma/schema.prisma is newer
//      than it (pnpm install generates it too);
//   2. each package with a tsconfig.build.json (packages/*, apps/gateway): src/**/*.ts to
//      dist/*.js with swc, only the changed sources (build-lib.mjs); no types, no type check:
//      `pnpm typecheck` checks the sources;
//   3. the web app (apps/web/build, Remix on Vite), when its inputs changed: its files, the dist/
//      of the workspace packages it bundles, the lockfile (stamp: build/.tend-inputs).
// --quiet prints only the summary. --package <dir> transpiles that one package alone (step 2; the
// `build` script of each package, for `pnpm --filter <package> build`). --no-web does steps 1–2,
// --web-only step 3 (`pnpm start` starts the gateway between the two).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { transpilePackage, webInputsStamp } from './build-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const quiet = process.argv.includes('--quiet');
const only = process.argv.includes('--package') ? path.resolve(process.argv[process.argv.indexOf('--package') + 1] ?? '.') : undefined;
const noWeb = process.argv.includes('--no-web');
const webOnly = process.argv.includes('--web-only');
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const say = (line) => process.stdout.write(`[build] ${line}\n`);

function run(what, command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }, shell: process.platform === 'win32' });
  if (result.status !== 0) {
    say(`${what} failed`);
    process.exit(result.status ?? 1);
  }
}

if (only) {
  const result = await transpilePackage(only);
  say(`${path.relative(root, only)}: ${result.written.length} transpiled, ${result.removed.length} removed, ${result.unchanged} up to date`);
  process.exit(0);
}

// 1. The Prisma client.
if (!webOnly) {
  const database = path.join(root, 'packages', 'database');
  const client = path.join(database, 'src', 'generated', 'prisma', 'client.ts');
  const inputs = [path.join(root, 'prisma', 'schema.prisma'), path.join(database, 'scripts', 'generate.mjs')];
  if (!existsSync(client) || inputs.some((file) => statSync(file).mtimeMs > statSync(client).mtimeMs)) {
    const since = performance.now();
    run('prisma generate', process.execPath, [path.join(database, 'scripts', 'generate.mjs')], database);
    say(`Prisma client generated (${seconds(since)})`);
  }
}

// 2. The packages.
if (!webOnly) {
  const since = performance.now();
  const dirs = ['packages', 'apps'].flatMap((group) =>
    readdirSync(path.join(root, group))
      .map((name) => path.join(root, group, name))
      .filter((dir) => existsSync(path.join(dir, 'tsconfig.build.json')) && existsSync(path.join(dir, 'src'))),
  );
  let written = 0;
  let removed = 0;
  for (const dir of dirs) {
    const result = await transpilePackage(dir);
    written += result.written.length;
    removed += result.removed.length;
    if (!quiet && (result.written.length || result.removed.length)) {
      say(`${path.relative(root, dir)}: ${result.written.length} transpiled, ${result.removed.length} removed, ${result.unchanged} up to date`);
    }
  }
  say(`${dirs.length} packages: ${written} files transpiled, ${removed} removed (${seconds(since)})`);
}

// 3. The web app.
if (!noWeb) {
  const web = path.join(root, 'apps', 'web');
  const stampFile = path.join(web, 'build', '.tend-inputs');
  const stamp = webInputsStamp(root, 'apps/web', process.env);
  const built = existsSync(path.join(web, 'build', 'server', 'index.js')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === stamp;
  if (built) {
    if (!quiet) say('web app: up to date');
  } else {
    const since = performance.now();
    // The web app's `build` script (`remix vite:build`), run without pnpm in between; --quiet
    // (`pnpm start`) keeps Vite's list of assets and its warnings out of the terminal (errors stay).
    const remixPackage = createRequire(path.join(web, 'package.json')).resolve('@remix-run/dev/package.json');
    const remix = path.join(path.dirname(remixPackage), JSON.parse(readFileSync(remixPackage, 'utf8')).bin.remix);
    run("the web app's build (remix vite:build in apps/web)", process.execPath, [remix, 'vite:build', ...(quiet ? ['--logLevel', 'error'] : [])], web);
    writeFileSync(stampFile, `${stamp}\n`);
    say(`web app built (${seconds(since)})`);
  }
}

say(`done in ${seconds(started)}`);
