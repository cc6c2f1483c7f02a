// Runs `prisma generate` offline. Generating never runs the schema engine, but the CLI checks
// that the native binary exists; a placeholder file satisfies that check (see docs/database.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const placeholder = join(here, '..', 'node_modules', '.cache', 'schema-engine-placeholder');
if (!existsSync(placeholder)) {
  mkdirSync(dirname(placeholder), { recursive: true });
  writeFileSync(placeholder, '');
}
const schema = join(here, '..', '..', '..', 'prisma', 'schema.prisma');
const result = spawnSync(process.execPath, [join(here, '..', 'node_modules', 'prisma', 'build', 'index.js'), 'generate', '--schema', schema], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: placeholder, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
});
process.exit(result.status ?? 1);
