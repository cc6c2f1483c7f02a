// `pnpm db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
import { openDatabase } from './client.js';
import { databaseTarget } from './target.js';

const target = databaseTarget(process.env.DATABASE_URL, process.env.PGLITE_DATA_DIR ?? '.data/pglite');
const db = await openDatabase(target);
try {
  const applied = await db.migrate();
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
