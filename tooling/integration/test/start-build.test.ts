// The build of `pnpm start` / `pnpm build` (tooling/scripts/build-lib.mjs) transpiles only what is
// stale: on a fixture package in a temporary directory, a second build writes nothing, a changed
// source rewrites its own output and nothing else, a deleted source takes its output with it; the
// web app's Vite build runs again only when the stamp of its inputs changes. Nothing is timed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { globToRegExp, transpilePackage, webInputsStamp } from '../../scripts/build-lib.mjs';

let dir: string;

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};

/** Every file of dist/ with its content and mtime. */
function snapshot(): Map<string, { text: string; mtimeMs: number }> {
  const files = new Map<string, { text: string; mtimeMs: number }>();
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, 'dist', rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else files.set(child, { text: readFileSync(path.join(dir, 'dist', child), 'utf8'), mtimeMs: statSync(path.join(dir, 'dist', child)).mtimeMs });
    }
  };
  walk('');
  return files;
}

/** The dist/ files that differ between two snapshots (added, removed or rewritten). */
function changed(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => {
    const a = before.get(name);
    const b = after.get(name);
    return !a || !b || a.text !== b.text || a.mtimeMs !== b.mtimeMs;
  }).sort();
}

const run = () => execFileSync(process.execPath, [path.join(dir, 'dist', 'main.js')], { encoding: 'utf8' }).trim();

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tend-start-build-'));
  write('package.json', JSON.stringify({ name: 'fixture', type: 'module' }));
  write('tsconfig.build.json', JSON.stringify({ extends: './tsconfig.json', exclude: ['src/**/*.test.ts', 'src/**/testing/**'] }));
  write('src/main.ts', "import { greet } from './greet.js';\nimport { answer } from './nested/answer.js';\nimport type { Shape } from './shape.js';\nconst shape: Shape = { sides: answer() };\nconsole.log(greet('start'), shape.sides);\n");
  write('src/greet.ts', "export const greet = (name: string): string => `hello ${name}`;\n");
  write('src/nested/answer.ts', 'export function answer(): number {\n  return 42;\n}\n');
  write('src/shape.ts', 'export interface Shape {\n  sides: number;\n}\n');
  write('src/main.test.ts', "it('is left out', () => undefined);\n");
  write('src/testing/fake.ts', 'export const fake = true;\n');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the start build: only what is stale', () => {
  it('transpiles every source once, leaving out tests and testing/ as tsconfig.build.json does; the output runs', async () => {
    const first = await transpilePackage(dir);
    expect(first.written).toEqual(['greet.js', 'main.js', 'nested/answer.js', 'shape.js']);
    expect([...snapshot().keys()].filter((name) => !name.endsWith('.map') && name !== '.tend-build.json').sort()).toEqual(first.written);
    expect(existsSync(path.join(dir, 'dist', 'main.js.map'))).toBe(true);
    expect(run()).toBe('hello start 42');
  });

  it('a second build with nothing changed writes nothing, not even when a source is touched', async () => {
    await transpilePackage(dir);
    const before = snapshot();
    const second = await transpilePackage(dir);
    expect(second).toEqual({ written: [], removed: [], unchanged: 4 });
    expect(changed(before, snapshot())).toEqual([]);

    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(dir, 'src', 'greet.ts'), later, later);
    const touched = await transpilePackage(dir);
    expect(touched.written).toEqual([]);
    // Only the record of the source's new mtime changes, no output.
    expect(changed(before, snapshot())).toEqual(['.tend-build.json']);
  });

  it('a changed source rewrites its own output and map and nothing else', async () => {
    await transpilePackage(dir);
    const before = snapshot();
    write('src/nested/answer.ts', 'export function answer(): number {\n  return 43;\n}\n');
    const result = await transpilePackage(dir);
    expect(result).toEqual({ written: ['nested/answer.js'], removed: [], unchanged: 3 });
    expect(changed(before, snapshot())).toEqual(['.tend-build.json', 'nested/answer.js', 'nested/answer.js.map']);
    expect(run()).toBe('hello start 43');
  });

  it('a deleted source takes its output with it; a new one is added alone', async () => {
    await transpilePackage(dir);
    write('src/main.ts', "import { greet } from './greet.js';\nconsole.log(greet('again'));\n");
    rmSync(path.join(dir, 'src', 'nested'), { recursive: true });
    write('src/extra.ts', 'export const extra = 1;\n');
    const before = snapshot();
    const result = await transpilePackage(dir);
    expect(result).toEqual({ written: ['extra.js', 'main.js'], removed: ['nested/answer.js'], unchanged: 2 });
    const after = snapshot();
    expect(changed(before, after)).toEqual(['.tend-build.json', 'extra.js', 'extra.js.map', 'main.js', 'main.js.map', 'nested/answer.js', 'nested/answer.js.map']);
    expect(after.has('nested/answer.js')).toBe(false);
    expect(existsSync(path.join(dir, 'dist', 'nested'))).toBe(false);
    expect(run()).toBe('hello again');
  });

  it('a source newly excluded loses its output; a dist/ without a record is rebuilt from empty', async () => {
    await transpilePackage(dir);
    expect((await transpilePackage(dir, { exclude: ['src/**/*.test.ts', 'src/greet.ts'] })).removed).toEqual(['greet.js']);
    write('dist/left-over.js', 'stale');
    rmSync(path.join(dir, 'dist', '.tend-build.json'));
    const rebuilt = await transpilePackage(dir);
    expect(rebuilt.written).toEqual(['greet.js', 'main.js', 'nested/answer.js', 'shape.js']);
    expect(snapshot().has('left-over.js')).toBe(false);
  });

  it('reads tsconfig exclude globs as tsc does', () => {
    expect(globToRegExp('src/**/*.test.ts').test('src/a.test.ts')).toBe(true);
    expect(globToRegExp('src/**/*.test.ts').test('src/x/y/a.test.ts')).toBe(true);
    expect(globToRegExp('src/**/*.test.ts').test('src/a.ts')).toBe(false);
    expect(globToRegExp('src/**/testing/**').test('src/testing/index.ts')).toBe(true);
    expect(globToRegExp('src/**/testing/**').test('src/adapters/testing/x/y.ts')).toBe(true);
    expect(globToRegExp('src/**/testing/**').test('src/testingx.ts')).toBe(false);
  });
});

describe('the start build: the web app is rebuilt only when its inputs change', () => {
  beforeEach(() => {
    write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
    write('apps/web/package.json', JSON.stringify({ name: '@tend/web', dependencies: { '@tend/contracts': 'workspace:*', react: '18.3.1' } }));
    write('apps/web/app/root.tsx', 'export default function Root() { return null; }\n');
    write('apps/web/test/root.test.ts', "it('runs', () => undefined);\n");
    write('packages/contracts/package.json', JSON.stringify({ name: '@tend/contracts', dependencies: { '@tend/kernel': 'workspace:*' } }));
    write('packages/contracts/src/index.ts', 'export const a = 1;\n');
    write('packages/contracts/dist/index.js', 'export const a = 1;\n');
    write('packages/kernel/package.json', JSON.stringify({ name: '@tend/kernel' }));
    write('packages/kernel/src/index.ts', 'export const k = 1;\n');
    write('packages/kernel/dist/index.js', 'export const k = 1;\n');
    write('packages/identity/package.json', JSON.stringify({ name: '@tend/identity' }));
    write('packages/identity/dist/index.js', 'export const i = 1;\n');
  });

  const stamp = (env: Record<string, string | undefined> = {}) => webInputsStamp(dir, 'apps/web', env);

  it('is the same stamp while nothing it reads changes: its tests, the sources of packages and unrelated packages do not count', () => {
    const first = stamp();
    expect(stamp()).toBe(first);
    write('apps/web/test/root.test.ts', "it('runs again', () => undefined);\n");
    write('packages/contracts/src/index.ts', 'export const a = 2;\n');
    write('packages/contracts/dist/.tend-build.json', '{}');
    write('packages/identity/dist/index.js', 'export const i = 2;\n');
    expect(stamp()).toBe(first);
  });

  it.each([
    ['a file of the app', 'apps/web/app/root.tsx'],
    ['a new file of the app', 'apps/web/app/routes/new.tsx'],
    ['the built output of a package it bundles', 'packages/contracts/dist/index.js'],
    ['the built output of a package that one depends on', 'packages/kernel/dist/index.js'],
    ['the lockfile', 'pnpm-lock.yaml'],
  ])('changes with %s', (_what, rel) => {
    const first = stamp();
    write(rel, '// changed\n');
    expect(stamp()).not.toBe(first);
  });

  it('changes with NODE_ENV', () => {
    expect(stamp({ NODE_ENV: 'production' })).not.toBe(stamp({}));
  });
});
