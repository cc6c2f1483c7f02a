// Shared jest project config. Every package's jest.config.cjs calls this with its own dir,
// so the root `jest` run (one process, one summary line) sees them as projects.
const path = require('node:path');

/** ESM-only packages jest must transform (it runs our tests as CommonJS). */
const esmOnly = ['@electric-sql/pglite', '@prisma/client', 'inversify', '@inversifyjs', 'oslo', '@oslojs', 'oauth4webapi', 'openid-client', 'jose', 'oidc-provider', '@seriousme/openapi-schema-validator'];
const esmPattern = esmOnly.map((name) => name.replace('/', '\\+')).join('|');

/**
 * @param {string} dir the package directory
 * @param {import('jest').Config} [extra]
 * @returns {import('jest').Config}
 */
module.exports = function project(dir, extra = {}) {
  const pkg = require(path.join(dir, 'package.json'));
  return {
    displayName: pkg.name.replace('@tend/', ''),
    rootDir: dir,
    testEnvironment: 'node',
    // Resolve workspace packages to their TypeScript sources: no build needed to test.
    testEnvironmentOptions: { customExportConditions: ['@tend/source', 'node', 'node-addons'] },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    transform: { '^.+\\.(t|j|mj|cj)sx?$': path.join(__dirname, 'transform.cjs') },
    transformIgnorePatterns: [`^(?!.*/node_modules/\\.pnpm/(${esmPattern})[@+]).*/node_modules/`],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    ...extra,
  };
};
