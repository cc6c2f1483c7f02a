// The web app is a client of the public HTTP API: it never imports the core packages, their
// adapters or a database driver.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(tsx?|mjs)$/.test(name) ? [file] : [];
  });
}

it('imports no core @tend package, Prisma, PGlite or pg from app/ or server/ (only the contract, for types)', () => {
  const root = path.resolve(__dirname, '..');
  const files = [...sources(path.join(root, 'app')), ...sources(path.join(root, 'server')), path.join(root, 'server.mjs')];
  const offending = files.filter((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      // `import type … from '@tend/contracts'` is the typed client's contract, erased at build time.
      .filter((line) => !/^import type .* from ['"]@tend\/contracts['"]/.test(line))
      .some((line) => /from\s+['"](@tend\/|@prisma\/|@electric-sql\/|pg['"])/.test(line)),
  );
  expect(offending).toEqual([]);
  expect(files.length).toBeGreaterThan(20);
});
