export { PrismaSigningKeyStore } from './prisma-signing-key-store.js';
export { PrismaAuthorizationCodeStore } from './prisma-authorization-code-store.js';
export { PrismaRefreshTokenStore } from './prisma-refresh-token-store.js';
export { PrismaOAuthClientRepository } from './prisma-oauth-client-repository.js';
export { PrismaConsentStore } from './prisma-consent-store.js';
export { PrismaAccessTokenStore } from './prisma-access-token-store.js';
export { SqlClaimsUsers } from './sql-claims-users.js';
