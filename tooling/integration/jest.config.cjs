// The integration suite: the built gateway run as in production (two instances, PostgreSQL, Redis,
// nginx with deploy/nginx.conf), plus checks of the deploy files. Part of the root `jest` run
// (`pnpm test`), after the build (`tooling/scripts/build.mjs`). TEST_POSTGRES=off leaves out the files that need PostgreSQL.
const path = require('node:path');
const project = require('../jest/preset.cjs');

const needsPostgres = ['<rootDir>/test/cluster.test.ts', '<rootDir>/test/migrations.test.ts', '<rootDir>/test/rolling-restart.test.ts', '<rootDir>/test/webhooks-kill.test.ts'];

module.exports = {
  // The shared preset (transform, @tend/source resolution), with this folder as the project.
  ...project(path.join(__dirname, '..', 'jest')),
  displayName: 'integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // `yaml` (for compose.yaml) is no dependency of a workspace package here: take pnpm's hoisted copy.
  modulePaths: [path.join(__dirname, '..', '..', 'node_modules', '.pnpm', 'node_modules')],
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_POSTGRES === 'off' ? needsPostgres : [])],
};
