#!/usr/bin/env node
// Trims a production install (`pnpm install --prod --filter <app>...`) to what the app can load,
// for the Docker images. pnpm keeps optional peer dependencies the lockfile resolved, and so puts
// Prisma's CLI (with its Studio and dev server, ~300 MB) and TypeScript next to @prisma/client;
// this walks the real dependency graph from the app instead and deletes every package of the
// virtual store (node_modules/.pnpm) it never reaches, then source maps and type declarations.
//
//   node deploy/prune-node-modules.mjs <app dir> [--leaf <package>]...
//
// --leaf keeps a package but not its dependencies: the gateway reads one prebuilt file of
// @scalar/api-reference (its standalone browser bundle) and never imports the package.
// Followed: dependencies, optionalDependencies that are installed, and peer dependencies not
// marked optional. Run from the repository root, after the install, before copying to the image.
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const app = args[0];
if (!app || app.startsWith('--')) {
  console.error('usage: node deploy/prune-node-modules.mjs <app dir> [--leaf <package>]...');
  process.exit(2);
}
const leaves = new Set(args.flatMap((arg, i) => (args[i - 1] === '--leaf' ? [arg] : [])));
const root = process.cwd();
const store = path.join(root, 'node_modules', '.pnpm');
if (!existsSync(store)) {
  console.error(`no ${path.relative(root, store)}: run this after a pnpm install, from the repository root`);
  process.exit(2);
}

/** Node's lookup of `name` from `dir`: `<ancestor>/node_modules/<name>`, nearest first. */
function locate(dir, name) {
  for (let at = dir; ; at = path.dirname(at)) {
    if (path.basename(at) !== 'node_modules') {
      const candidate = path.join(at, 'node_modules', name);
      if (existsSync(candidate)) return realpathSync(candidate);
    }
    if (path.dirname(at) === at) return null;
  }
}

const visited = new Set();
const missing = [];

function visit(dir, from) {
  if (visited.has(dir)) return;
  visited.add(dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (leaves.has(manifest.name)) return;
  const optionalPeers = manifest.peerDependenciesMeta ?? {};
  const wanted = [
    ...Object.keys(manifest.dependencies ?? {}).map((name) => [name, true]),
    ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => [name, false]),
    ...Object.keys(manifest.peerDependencies ?? {})
      .filter((name) => !optionalPeers[name]?.optional)
      .map((name) => [name, true]),
  ];
  for (const [name, required] of wanted) {
    const found = locate(dir, name);
    if (found) visit(found, manifest.name);
    else if (required) missing.push(`${name} (wanted by ${manifest.name ?? from})`);
  }
}

visit(realpathSync(app), 'the app');
if (missing.length) {
  console.error(`prune: required packages are not installed:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

/** The store entry (`node_modules/.pnpm/<entry>`) a package directory lives in, if any. */
const entryOf = (dir) => (dir.startsWith(store + path.sep) ? path.relative(store, dir).split(path.sep)[0] : null);
const kept = new Set([...visited].map(entryOf).filter(Boolean));

let removed = 0;
for (const entry of readdirSync(store)) {
  if (entry === 'node_modules' || entry.startsWith('lock') || kept.has(entry)) continue;
  rmSync(path.join(store, entry), { recursive: true, force: true });
  removed += 1;
}

/** Deletes symlinks whose target is gone, and files no running app reads. */
function sweep(dir) {
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isSymbolicLink()) {
      if (!existsSync(full)) rmSync(full);
    } else if (item.isDirectory()) {
      sweep(full);
    } else if (/\.(map|d\.ts|d\.mts|d\.cts|tsbuildinfo)$/.test(item.name)) {
      rmSync(full);
    }
  }
}
const before = size(root);
for (const dir of [path.join(root, 'node_modules'), ...workspaceDirs()]) if (existsSync(dir)) sweep(dir);

function workspaceDirs() {
  return ['apps', 'packages'].flatMap((group) => (existsSync(group) ? readdirSync(group).map((name) => path.join(root, group, name)) : []));
}

function size(dir) {
  let total = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) total += size(full);
    else if (item.isFile()) total += statSync(full).size;
  }
  return total;
}

console.log(`prune: kept ${kept.size} packages for ${app}, removed ${removed}; ${(size(root) / 1e6).toFixed(0)} MB left (${((before - size(root)) / 1e6).toFixed(0)} MB of maps and declarations dropped)`);
