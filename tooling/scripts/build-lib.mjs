// The build for running (`pnpm build`, `pnpm start`): each workspace package's src/**/*.ts
// transpiled file by file with swc to dist/*.js (ESM, source maps), no type check (that is
// `pnpm typecheck`). Incremental: dist/.tend-build.json records each source's size, mtime and
// content hash; a build transpiles only the sources that changed (an mtime change with the same
// content only updates the record) and removes the outputs of deleted or excluded sources.
// A change of swc's version or of the options below rebuilds the package from an empty dist/.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transform, version as swcVersion } from '@swc/core';

const MANIFEST = '.tend-build.json';
const FORMAT = 1;

/** swc's options: TypeScript to ES2022 modules, import specifiers kept as written (`./x.js`). */
const swcOptions = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript' },
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: true,
  swcrc: false,
  configFile: false,
};
const fingerprint = createHash('sha256')
  .update(JSON.stringify({ FORMAT, swcVersion, swcOptions }))
  .digest('hex')
  .slice(0, 16);

/** A tsconfig `exclude` glob (`src/**\/*.test.ts`, `src/**\/testing/**`) as a RegExp over `/` paths. */
export function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // tsconfig excludes a directory's contents when the pattern names the directory.
  return new RegExp(`^${out}(?:/.*)?$`);
}

/** The `exclude` patterns of a package's tsconfig.build.json (what `tsc -p tsconfig.build.json` left out). */
export function buildExcludes(dir) {
  const file = path.join(dir, 'tsconfig.build.json');
  if (!existsSync(file)) return ['src/**/*.test.ts'];
  const config = JSON.parse(readFileSync(file, 'utf8'));
  return config.exclude ?? ['src/**/*.test.ts'];
}

function listSources(srcDir, rel = '') {
  const files = [];
  for (const entry of readdirSync(path.join(srcDir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listSources(srcDir, child));
    else if (/\.(m|c)?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !/\.d\.(m|c)ts$/.test(entry.name)) files.push(child);
  }
  return files;
}

const outputOf = (rel) => rel.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');

function readManifest(file) {
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    return manifest.fingerprint === fingerprint ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Transpiles one package's stale sources.
 * @param {string} dir the package directory (its sources in src/, its outputs in dist/)
 * @param {{ exclude?: string[] }} [options] tsconfig-style globs relative to dir (default: tsconfig.build.json's)
 * @returns {Promise<{ written: string[]; removed: string[]; unchanged: number }>} paths relative to dist/
 */
export async function transpilePackage(dir, options = {}) {
  const srcDir = path.join(dir, 'src');
  const outDir = path.join(dir, 'dist');
  const manifestFile = path.join(outDir, MANIFEST);
  const excludes = (options.exclude ?? buildExcludes(dir)).map(globToRegExp);
  const sources = listSources(srcDir).filter((rel) => !excludes.some((re) => re.test(`src/${rel}`)));

  let manifest = readManifest(manifestFile);
  if (!manifest) {
    // First build (or other options, another swc): start from an empty dist/, leaving no
    // output of an earlier build behind.
    rmSync(outDir, { recursive: true, force: true });
    manifest = { fingerprint, files: {} };
  }
  const previous = manifest.files;
  const files = {};
  const written = [];
  const removed = [];
  let unchanged = 0;
  let dirty = false;

  await Promise.all(
    sources.map(async (rel) => {
      const source = path.join(srcDir, rel);
      const stat = statSync(source);
      const out = outputOf(rel);
      const known = previous[rel];
      const outputExists = existsSync(path.join(outDir, out));
      if (known && outputExists && known.size === stat.size && known.mtimeMs === stat.mtimeMs) {
        files[rel] = known;
        unchanged++;
        return;
      }
      const code = readFileSync(source, 'utf8');
      const hash = createHash('sha256').update(code).digest('hex');
      dirty = true;
      if (known && outputExists && known.hash === hash) {
        files[rel] = { ...known, size: stat.size, mtimeMs: stat.mtimeMs };
        unchanged++;
        return;
      }
      const outFile = path.join(outDir, out);
      const result = await transform(code, {
        ...swcOptions,
        filename: source,
        // The map points from dist/x.js back to src/x.ts.
        sourceFileName: path.relative(path.dirname(outFile), source).split(path.sep).join('/'),
      });
      mkdirSync(path.dirname(outFile), { recursive: true });
      writeFileSync(outFile, `${result.code}\n//# sourceMappingURL=${path.basename(outFile)}.map\n`);
      if (result.map) writeFileSync(`${outFile}.map`, result.map);
      files[rel] = { size: stat.size, mtimeMs: stat.mtimeMs, hash };
      written.push(out);
    }),
  );

  for (const rel of Object.keys(previous)) {
    if (files[rel]) continue;
    const out = outputOf(rel);
    for (const file of [out, `${out}.map`]) rmSync(path.join(outDir, file), { force: true });
    removeEmptyDirs(outDir, path.dirname(out));
    removed.push(out);
    dirty = true;
  }

  if (dirty || !existsSync(manifestFile)) {
    mkdirSync(outDir, { recursive: true });
    const sorted = Object.fromEntries(Object.keys(files).sort().map((rel) => [rel, files[rel]]));
    writeFileSync(manifestFile, `${JSON.stringify({ fingerprint, files: sorted })}\n`);
  }
  written.sort();
  removed.sort();
  return { written, removed, unchanged };
}

function removeEmptyDirs(root, rel) {
  while (rel && rel !== '.') {
    const dir = path.join(root, rel);
    try {
      if (readdirSync(dir).length > 0) return;
      rmSync(dir, { recursive: true });
    } catch {
      return;
    }
    rel = path.dirname(rel);
  }
}

/** A content hash of files (relative to root) and extra values: the stamp of a step's inputs. */
export function hashInputs(root, relPaths, extra = []) {
  const hash = createHash('sha256');
  for (const value of extra) hash.update(`${value}\0`);
  for (const rel of [...relPaths].sort()) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Every file under dir (relative to root), skipping node_modules and the listed directory names. */
export function listFiles(root, rel, skip = []) {
  const dir = path.join(root, rel);
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [rel];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || skip.includes(entry.name)) continue;
    const child = `${rel}/${entry.name}`;
    if (entry.isDirectory()) files.push(...listFiles(root, child, skip));
    else if (entry.isFile()) files.push(child);
  }
  return files;
}

/** Every workspace package (packages/*, apps/*, tooling/*) by name, with its directory relative to root. */
function workspacePackages(root) {
  const byName = new Map();
  for (const group of ['packages', 'apps', 'tooling']) {
    if (!existsSync(path.join(root, group))) continue;
    for (const name of readdirSync(path.join(root, group))) {
      const file = path.join(root, group, name, 'package.json');
      if (!existsSync(file)) continue;
      byName.set(JSON.parse(readFileSync(file, 'utf8')).name, { rel: `${group}/${name}`, manifest: JSON.parse(readFileSync(file, 'utf8')) });
    }
  }
  return byName;
}

const workspaceDepsOf = (manifest) =>
  Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter(([, range]) => String(range).startsWith('workspace:'))
    .map(([name]) => name);

/**
 * The stamp of a Vite app's inputs: its own files (not its tests), the built dist/ (or, for a
 * package without src/, every file) of each workspace package it depends on, directly or not,
 * the lockfile and NODE_ENV. Vite runs again when it differs from the last build's.
 * @param {string} root the repository root
 * @param {string} appRel the app's directory relative to root (apps/web)
 * @param {Record<string, string | undefined>} env
 */
export function webInputsStamp(root, appRel, env) {
  const packages = workspacePackages(root);
  const manifest = JSON.parse(readFileSync(path.join(root, appRel, 'package.json'), 'utf8'));
  const seen = new Set();
  const queue = workspaceDepsOf(manifest);
  const depFiles = [];
  while (queue.length) {
    const name = queue.shift();
    const dep = packages.get(name);
    if (seen.has(name) || !dep) continue;
    seen.add(name);
    queue.push(...workspaceDepsOf(dep.manifest));
    depFiles.push(`${dep.rel}/package.json`);
    if (existsSync(path.join(root, dep.rel, 'src'))) depFiles.push(...listFiles(root, `${dep.rel}/dist`).filter((rel) => !rel.endsWith(MANIFEST)));
    else depFiles.push(...listFiles(root, dep.rel));
  }
  const own = ['app', 'server', 'public', 'server.mjs', 'vite.config.ts', 'package.json', 'tsconfig.json'].flatMap((rel) => listFiles(root, `${appRel}/${rel}`));
  const lockfile = existsSync(path.join(root, 'pnpm-lock.yaml')) ? ['pnpm-lock.yaml'] : [];
  return hashInputs(root, [...new Set([...own, ...depFiles, ...lockfile])], [`NODE_ENV=${env.NODE_ENV ?? ''}`]);
}
