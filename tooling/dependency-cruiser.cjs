// The dependency direction of docs/architecture.md, checked in CI (`pnpm depcheck`):
// apps -> adapters -> core -> kernel. Core code is everything in packages/*/src except
// src/adapters/ and src/testing/.
const core = '^packages/[^/]+/src/(?!adapters/|testing/|generated/)';
const drivers = '^(express|inversify|@prisma/|pg|ioredis|redis|resend|pglite-prisma-adapter|@electric-sql/pglite)';

module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-driver',
      comment: 'Core packages take drivers through ports; adapters live in src/adapters/.',
      severity: 'error',
      from: { path: core, pathNot: '^packages/database/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], path: `node_modules/(\\.pnpm/[^/]+/node_modules/)?${drivers.slice(1)}` },
    },
    {
      name: 'core-imports-no-database-package',
      severity: 'error',
      from: { path: core, pathNot: '^packages/database/' },
      to: { path: '^packages/database/' },
    },
    {
      name: 'packages-import-no-app',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'core-imports-no-adapter-of-another-package',
      comment: 'A core package may use another core package only through its public core API.',
      severity: 'error',
      from: { path: core },
      to: { path: '^packages/[^/]+/src/adapters/' , pathNot: '$1' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build|node_modules|generated)/|\\.test\\.ts$' },
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { conditionNames: ['@tend/source', 'import', 'require', 'node', 'default'], exportsFields: ['exports'] },
    tsPreCompilationDeps: true,
  },
};
