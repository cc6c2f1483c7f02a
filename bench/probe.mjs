// Loaded into every benchmarked server with `node --import ./bench/probe.mjs`: counts the SQL
// statements the process sends through node-postgres (every Client#query, whether Prisma's
// adapter, the raw session lookup or better-auth's Kysely sends it) and answers the bench's
// `stats` message over the IPC channel with that count, CPU time and memory.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
let statements = 0;

// Every package of the repository resolves `pg` to this one copy (pnpm links one pg@8 for all),
// and bench/peer-better-auth.mjs imports it from here too.
try {
  const pg = createRequire(join(root, 'packages/database/package.json'))('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    statements += 1;
    return query.apply(this, args);
  };
} catch {
  // No pg in this process (bare Express): nothing to count.
}

if (process.send) {
  process.on('message', (message) => {
    if (message !== 'stats') return;
    const cpu = process.cpuUsage();
    process.send({
      type: 'stats',
      statements,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rss: process.memoryUsage().rss,
      // resourceUsage().maxRSS is in kilobytes: the peak resident set of the process so far.
      peakRss: process.resourceUsage().maxRSS * 1024,
      heapUsed: process.memoryUsage().heapUsed,
    });
  });
  // The IPC channel must not keep a server alive after SIGTERM.
  process.channel?.unref();
}
