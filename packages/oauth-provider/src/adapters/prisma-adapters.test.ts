import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import type { DatabaseHandle } from '@tend/database';
import { PrismaSigningKeyStore } from './prisma/prisma-signing-key-store.js';
import { PrismaAuthorizationCodeStore } from './prisma/prisma-authorization-code-store.js';
import { PrismaRefreshTokenStore } from './prisma/prisma-refresh-token-store.js';
import { PrismaOAuthClientRepository } from './prisma/prisma-oauth-client-repository.js';
import { PrismaConsentStore } from './prisma/prisma-consent-store.js';
import { PrismaAccessTokenStore } from './prisma/prisma-access-token-store.js';
import { SqlClaimsUsers } from './prisma/sql-claims-users.js';
import { signingKeyStoreContract } from '../testing/signing-key-store.contract.js';
import { authorizationCodeStoreContract } from '../testing/authorization-code-store.contract.js';
import { refreshTokenStoreContract } from '../testing/refresh-token-store.contract.js';
import { oauthClientRepositoryContract } from '../testing/oauth-client-repository.contract.js';
import { consentStoreContract } from '../testing/consent-store.contract.js';
import { accessTokenStoreContract } from '../testing/access-token-store.contract.js';
import { oauthStorageCascadeContract } from '../testing/oauth-storage-cascade.contract.js';
import { CONTRACT_CLIENT_IDS, CONTRACT_USER_IDS } from '../testing/fixtures.js';

/** A fresh database with the contracts' users and, unless told not to, their clients (the rows' foreign keys). */
async function seeded(kind: (typeof kinds)[number], { clients = true } = {}): Promise<DatabaseHandle> {
  const db = await createTestDatabase(kind);
  for (const id of CONTRACT_USER_IDS) await db.prisma.user.create({ data: { id, email: `${id}@example.com`, name: id } });
  if (clients) {
    for (const clientId of CONTRACT_CLIENT_IDS) {
      await db.prisma.oauthClient.create({
        data: { clientId, registrar: 'admin', redirectUris: ['https://app.example/cb'], tokenEndpointAuthMethod: 'client_secret_basic', grantTypes: ['authorization_code'], responseTypes: ['code'], type: 'web' },
      });
    }
  }
  return db;
}

const kinds = testDatabaseKinds();

for (const kind of kinds) {
  const name = `prisma on ${kind}`;
  signingKeyStoreContract(name, async () => {
    const db = await createTestDatabase(kind);
    return { store: new PrismaSigningKeyStore(db.prisma), close: () => db.close() };
  });
  authorizationCodeStoreContract(name, async () => {
    const db = await seeded(kind);
    return { store: new PrismaAuthorizationCodeStore(db.prisma), close: () => db.close() };
  });
  refreshTokenStoreContract(name, async () => {
    const db = await seeded(kind);
    return { store: new PrismaRefreshTokenStore(db.prisma), close: () => db.close() };
  });
  oauthClientRepositoryContract(name, async () => {
    const db = await seeded(kind, { clients: false });
    return { clients: new PrismaOAuthClientRepository(db.prisma), close: () => db.close() };
  });
  consentStoreContract(name, async () => {
    const db = await seeded(kind);
    return { store: new PrismaConsentStore(db.prisma), close: () => db.close() };
  });
  accessTokenStoreContract(name, async () => {
    const db = await seeded(kind);
    return { store: new PrismaAccessTokenStore(db.prisma), close: () => db.close() };
  });
  // The request paths' reads through the driver-level handle (prepared statements): the same contracts.
  oauthClientRepositoryContract(`${name} with prepared statements`, async () => {
    const db = await seeded(kind, { clients: false });
    return { clients: new PrismaOAuthClientRepository(db.prisma, db.sql), close: () => db.close() };
  });
  accessTokenStoreContract(`${name} with prepared statements`, async () => {
    const db = await seeded(kind);
    return { store: new PrismaAccessTokenStore(db.prisma, db.sql), close: () => db.close() };
  });
  it(`reads a user's claims with one prepared statement (${name})`, async () => {
    const db = await seeded(kind);
    try {
      const users = new SqlClaimsUsers(db.sql);
      expect(await users.findById('user-1')).toEqual({ id: 'user-1', email: 'user-1@example.com', emailVerified: false, name: 'user-1', image: null, updatedAt: expect.any(Date) });
      expect(await users.findById('nobody')).toBeNull();
    } finally {
      await db.close();
    }
  });
  oauthStorageCascadeContract(name, async () => {
    const db = await createTestDatabase(kind);
    return {
      clients: new PrismaOAuthClientRepository(db.prisma),
      consents: new PrismaConsentStore(db.prisma),
      accessTokens: new PrismaAccessTokenStore(db.prisma),
      refreshTokens: new PrismaRefreshTokenStore(db.prisma),
      codes: new PrismaAuthorizationCodeStore(db.prisma),
      seedUser: async (id) => void (await db.prisma.user.create({ data: { id, email: `${id}@example.com`, name: id } })),
      deleteUser: async (id) => void (await db.prisma.user.delete({ where: { id } })),
      close: () => db.close(),
    };
  });
}
