// The dependency direction of docs/architecture.md, checked in CI (`pnpm depcheck`):
// apps -> adapters -> core -> kernel. Core code is everything in packages/*/src except
// src/adapters/ and src/testing/ (and the database package, which is an adapter package).
const core = { path: '^packages/[^/]+/src/', pathNot: '^packages/[^/]+/src/(adapters|testing|generated)/|^packages/database/' };
const drivers = '(^|/node_modules/)(express|inversify|@prisma|pg|ioredis|redis|resend|pglite-prisma-adapter|@electric-sql)(/|$)';

module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-driver',
      comment: 'Core packages take drivers through ports; adapters live in src/adapters/.',
      severity: 'error',
      from: core,
      to: { path: drivers },
    },
    {
      name: 'core-imports-no-database-package',
      comment: 'Only adapters may use the Prisma client package.',
      severity: 'error',
      from: core,
      to: { path: '^packages/database/' },
    },
    {
      name: 'core-imports-no-adapter',
      comment: 'Core code never reaches a driver adapter (in-memory adapters are plain code, exported from the root).',
      severity: 'error',
      from: core,
      to: { path: '^packages/[^/]+/src/adapters/', pathNot: '^packages/[^/]+/src/adapters/memory/' },
    },
    {
      name: 'kernel-imports-no-package',
      comment: 'The kernel is the innermost ring: it knows no entity and no other package (they declare their memory tables to it).',
      severity: 'error',
      from: { path: '^packages/kernel/' },
      to: { path: '^packages/(?!kernel/)' },
    },
    {
      name: 'contracts-import-no-package',
      comment: 'The route contracts and the user field table are zod only: the web app and every package read them.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/(?!contracts/)' },
    },
    {
      name: 'sessions-import-no-identity',
      comment: 'Identity owns User, Account and Verification and depends on sessions (sign-ins create sessions); sessions reads the user through the user field table of @tend/contracts.',
      severity: 'error',
      from: { path: '^packages/sessions/' },
      to: { path: '^packages/identity/' },
    },
    {
      name: 'only-the-sign-in-completion-issues-sessions',
      comment:
        "The seam of the sign-in pipeline: the SessionIssuer (@tend/sessions/issuer) is made by the composition root (apps/gateway/src/platform.ts) and held by identity's sign-in completion alone (test fixtures aside). SessionManager, which every module gets, cannot make sessions.",
      severity: 'error',
      from: { pathNot: '^(apps/gateway/src/platform\\.ts$|packages/identity/src/sign-in/|packages/sessions/src/|packages/[^/]+/src/testing/)' },
      to: { path: '^packages/sessions/src/(issuer|session-issuer)\\.ts$' },
    },
    {
      name: 'only-the-platform-opens-the-session-store',
      comment: "The database's session store can write sessions: only the composition root builds it (modules get SessionManager, which cannot).",
      severity: 'error',
      from: { pathNot: '^(apps/gateway/src/platform\\.ts$|packages/sessions/src/|packages/[^/]+/src/testing/)' },
      to: { path: '^packages/sessions/src/adapters/prisma/' },
    },
    {
      name: 'only-sign-in-http-writes-new-session-cookies',
      comment: 'The session cookie writer is made by the platform and held by SignInHttp (new and restored sessions) and SessionHttp (refreshes): no module writes session cookies itself.',
      severity: 'error',
      from: { pathNot: '^apps/gateway/src/(platform|http/session|http/sign-in-http|http/session-cookie-writer)\\.ts$' },
      to: { path: '^apps/gateway/src/http/session-cookie-writer\\.ts$' },
    },
    {
      name: 'packages-import-no-app',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'A package imports only what its package.json lists (so the rules above see every import).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
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
    exclude: { path: '(^|/)(dist|build|generated)/|\\.test\\.ts$' },
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      conditionNames: ['@tend/source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    tsPreCompilationDeps: true,
  },
};
