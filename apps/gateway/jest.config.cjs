// The HTTP tests run twice: on the embedded database and on PostgreSQL (TEST_POSTGRES=off skips it).
//
// PGlite is PostgreSQL compiled to WebAssembly: the same SQL, types and errors, one connection.
// What only a real server shows (connections, pools, locks, races between requests, outages, two
// instances on one database) is what the second run is for, so it leaves out the files that never
// get that far: the gateway's own unit tests (src/), and the files that check what happens before
// a query (hostile input at every route, the OpenAPI document and error catalogue, the
// environment's variables, logging, headers and the documented examples).
const project = require('../../tooling/jest/preset.cjs');

const EMBEDDED_ONLY = [
  '<rootDir>/src/',
  '/test/bad-input\\.test\\.ts$',
  '/test/deep-json\\.test\\.ts$',
  '/test/openapi\\.test\\.ts$',
  '/test/error-catalogue\\.test\\.ts$',
  '/test/(mail-|sso-|passkeys-|providers-)?env\\.test\\.ts$',
  '/test/ops-logging\\.test\\.ts$',
  '/test/dev-outbox\\.test\\.ts$',
  '/test/(webhooks|oauth-provider)-verify-example\\.test\\.ts$',
];

const kinds = process.env.TEST_POSTGRES === 'off' ? ['pglite'] : ['pglite', 'postgres'];
module.exports = kinds.map((kind) => {
  const base = project(__dirname, { globals: { TEST_DATABASE: kind } });
  const ignored = kind === 'postgres' ? { testPathIgnorePatterns: ['/node_modules/', ...EMBEDDED_ONLY] } : {};
  return { ...base, ...ignored, displayName: `${base.displayName}:${kind}` };
});
