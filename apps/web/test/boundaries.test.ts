// The web app is a client of the public HTTP API: it never imports the core packages, their
// adapters or a database driver. It does import the contract (zod schemas and route contracts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(tsx?|mjs)$/.test(name) ? [file] : [];
  });
}

it('imports no core @tend package, Prisma, PGlite or pg from app/ or server/ (only the contract)', () => {
  const root = path.resolve(__dirname, '..');
  const files = [...sources(path.join(root, 'app')), ...sources(path.join(root, 'server')), path.join(root, 'server.mjs')];
  const offending = files.filter((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      // @tend/contracts is zod only: the routes the client calls and the schemas its forms check.
      .filter((line) => !/from ['"]@tend\/contracts['"]/.test(line))
      .some((line) => /from\s+['"](@tend\/|@prisma\/|@electric-sql\/|pg['"])/.test(line)),
  );
  expect(offending).toEqual([]);
  expect(files.length).toBeGreaterThan(20);
});

it('reads process.env only in server/env.mjs, the schema of its settings', () => {
  const root = path.resolve(__dirname, '..');
  const files = [...sources(path.join(root, 'app')), ...sources(path.join(root, 'server')), path.join(root, 'server.mjs'), path.join(root, 'vite.config.ts')];
  const readers = files.filter((file) => /process\.env\b/.test(readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')));
  expect(readers.map((file) => path.relative(root, file))).toEqual(['server/env.mjs']);
});
