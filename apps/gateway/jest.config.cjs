// The HTTP tests run twice: on the embedded database and on PostgreSQL (TEST_POSTGRES=off skips it).
const project = require('../../tooling/jest/preset.cjs');

const kinds = process.env.TEST_POSTGRES === 'off' ? ['pglite'] : ['pglite', 'postgres'];
module.exports = kinds.map((kind) => {
  const base = project(__dirname, { globals: { TEST_DATABASE: kind } });
  return { ...base, displayName: `${base.displayName}:${kind}` };
});
