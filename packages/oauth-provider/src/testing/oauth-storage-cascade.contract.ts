import { randomUUID } from 'node:crypto';
import type { OAuthClientRecord, OAuthClientRepository } from '../clients/oauth-client.js';
import type { ConsentStore } from '../consents/consent.js';
import type { AccessTokenStore } from '../tokens/access-token.js';
import type { RefreshTokenStore } from '../refresh/refresh-token-store.port.js';
import type { AuthorizationCodeStore } from '../codes/authorization-code-store.port.js';

export interface OAuthStorageHarness {
  clients: OAuthClientRepository;
  consents: ConsentStore;
  accessTokens: AccessTokenStore;
  refreshTokens: RefreshTokenStore;
  codes: AuthorizationCodeStore;
  /** Stores a user rows can belong to. */
  seedUser(id: string): Promise<void>;
  /** Deletes a user the way account deletion does. */
  deleteUser(id: string): Promise<void>;
  close(): Promise<void>;
}

const t0 = new Date(Date.UTC(2026, 5, 1, 12));
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

/**
 * What deleting a client or a user takes with it, the same in every adapter family (the
 * database's foreign keys, the memory tables' cascades): run it once per family, on one storage.
 */
export function oauthStorageCascadeContract(name: string, open: () => Promise<OAuthStorageHarness>): void {
  describe(`OAuth storage cascades: ${name}`, () => {
    let harness: OAuthStorageHarness;
    let alice: string;
    let bob: string;

    const client = async (userId: string | null): Promise<OAuthClientRecord> => {
      const made: OAuthClientRecord = {
        clientId: randomUUID(),
        secretHash: null,
        userId,
        registrar: userId ? 'owner' : 'dynamic',
        disabled: false,
        redirectUris: ['https://app.example/cb'],
        tokenEndpointAuthMethod: 'none',
        grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
        responseTypes: ['code'],
        type: 'native',
        name: null,
        uri: null,
        logoUri: null,
        scopes: null,
        clientCredentialsScopes: ['files:read'],
        postLogoutRedirectUris: [],
        enableEndSession: false,
        createdAt: t0,
        updatedAt: t0,
      };
      await harness.clients.insert(made);
      return made;
    };

    /** A consent, an access token, a refresh token and a code of `userId` for `clientId`; answers what finds each. */
    const grantAll = async (userId: string, clientId: string) => {
      const consent = await harness.consents.grant({ id: randomUUID(), userId, clientId, scopes: ['openid'] }, t0);
      const familyId = randomUUID();
      const access = { id: randomUUID(), clientId, userId, sessionId: randomUUID(), familyId, scopes: ['openid'], createdAt: t0, expiresAt: at(3600), revokedAt: null };
      await harness.accessTokens.insert(access);
      const refresh = { tokenHash: randomUUID(), familyId, clientId, userId, sessionId: access.sessionId, scopes: ['openid', 'offline_access'], createdAt: t0, expiresAt: at(7200), rotatedAt: null, successorHash: null, sealedSuccessor: null };
      await harness.refreshTokens.insert(refresh);
      const code = {
        codeHash: randomUUID(),
        clientId,
        redirectUri: 'https://app.example/cb',
        scopes: ['openid'],
        nonce: null,
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        codeChallengeMethod: 'S256' as const,
        userId,
        sessionId: access.sessionId,
        familyId: randomUUID(),
        createdAt: t0,
        expiresAt: at(60),
        consumedAt: null,
      };
      await harness.codes.save(code);
      /** Which of the four are still stored (a code found is consumed by the look). */
      return async () => ({
        consent: (await harness.consents.find(userId, clientId))?.id === consent.id,
        accessToken: (await harness.accessTokens.find(access.id)) !== null,
        refreshToken: (await harness.refreshTokens.find(refresh.tokenHash)) !== null,
        code: (await harness.codes.consume(code.codeHash, at(1))).status !== 'unknown',
      });
    };
    const all = { consent: true, accessToken: true, refreshToken: true, code: true };
    const none = { consent: false, accessToken: false, refreshToken: false, code: false };

    beforeEach(async () => {
      harness = await open();
      alice = randomUUID();
      bob = randomUUID();
      await harness.seedUser(alice);
      await harness.seedUser(bob);
    });
    afterEach(() => harness.close());

    it("deleting a client deletes its consents, tokens and codes, and no other client's", async () => {
      const gone = await client(alice);
      const kept = await client(null);
      const ofGone = await grantAll(bob, gone.clientId);
      const ofKept = await grantAll(bob, kept.clientId);
      const machine = { id: randomUUID(), clientId: gone.clientId, userId: null, sessionId: null, familyId: null, scopes: ['files:read'], createdAt: t0, expiresAt: at(600), revokedAt: null };
      await harness.accessTokens.insert(machine);
      expect(await harness.clients.delete(gone.clientId)).toBe(true);
      expect(await ofGone()).toEqual(none);
      expect(await harness.accessTokens.find(machine.id)).toBeNull();
      expect(await ofKept()).toEqual(all);
      expect(await harness.clients.findById(kept.clientId)).toEqual(kept);
    });

    it("deleting a user deletes their own clients, consents, tokens and codes, and no one else's", async () => {
      const alicesApp = await client(alice);
      const bobsApp = await client(bob);
      const shared = await client(null);
      const bobOnAlicesApp = await grantAll(bob, alicesApp.clientId);
      const aliceOnShared = await grantAll(alice, shared.clientId);
      const bobOnShared = await grantAll(bob, shared.clientId);
      const aliceOnBobsApp = await grantAll(alice, bobsApp.clientId);
      await harness.deleteUser(alice);
      expect(await harness.clients.findById(alicesApp.clientId)).toBeNull();
      expect(await harness.clients.listByUser(alice)).toEqual([]);
      expect(await bobOnAlicesApp()).toEqual(none);
      expect(await aliceOnShared()).toEqual(none);
      expect(await aliceOnBobsApp()).toEqual(none);
      expect(await bobOnShared()).toEqual(all);
      expect(await harness.clients.listByUser(bob)).toEqual([bobsApp]);
      expect(await harness.clients.findById(shared.clientId)).toEqual(shared);
    });
  });
}
