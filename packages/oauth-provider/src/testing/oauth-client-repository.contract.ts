import { randomUUID } from 'node:crypto';
import type { OAuthClientRecord, OAuthClientRepository } from '../clients/oauth-client.js';

export interface OAuthClientRepositoryHarness {
  /** A repository with the users of `CONTRACT_USER_IDS` and no client. */
  clients: OAuthClientRepository;
  close(): Promise<void>;
}

const t0 = new Date(Date.UTC(2026, 5, 1, 12));
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function client(overrides: Partial<OAuthClientRecord> = {}): OAuthClientRecord {
  return {
    clientId: randomUUID(),
    secretHash: 'n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg',
    userId: 'user-1',
    registrar: 'owner',
    disabled: false,
    redirectUris: ['https://app.example/cb', 'https://app.example/other'],
    tokenEndpointAuthMethod: 'client_secret_basic',
    grantTypes: ['authorization_code', 'refresh_token'],
    responseTypes: ['code'],
    type: 'web',
    name: 'Example app',
    uri: 'https://app.example',
    logoUri: 'https://app.example/logo.png',
    scopes: ['openid', 'email', 'offline_access'],
    clientCredentialsScopes: [],
    postLogoutRedirectUris: [],
    enableEndSession: false,
    createdAt: t0,
    updatedAt: t0,
    ...overrides,
  };
}

/** The behaviour every OAuthClientRepository adapter must have; run it once per adapter. */
export function oauthClientRepositoryContract(name: string, open: () => Promise<OAuthClientRepositoryHarness>): void {
  describe(`OAuthClientRepository contract: ${name}`, () => {
    let harness: OAuthClientRepositoryHarness;
    let clients: OAuthClientRepository;

    beforeEach(async () => {
      harness = await open();
      clients = harness.clients;
    });
    afterEach(() => harness.close());

    it('finds what it stored, every field intact, and nothing else', async () => {
      const full = client({ clientCredentialsScopes: ['files:read'], postLogoutRedirectUris: ['https://app.example/bye'], enableEndSession: true, grantTypes: ['authorization_code', 'client_credentials'] });
      const bare = client({ secretHash: null, userId: null, registrar: 'dynamic', tokenEndpointAuthMethod: 'none', type: 'native', name: null, uri: null, logoUri: null, scopes: null, disabled: true });
      await clients.insert(full);
      await clients.insert(bare);
      expect(await clients.findById(full.clientId)).toEqual(full);
      expect(await clients.findById(bare.clientId)).toEqual(bare);
      expect(await clients.findById(randomUUID())).toBeNull();
    });

    it('refuses a second client with the same id', async () => {
      const first = client();
      await clients.insert(first);
      await expect(clients.insert(client({ clientId: first.clientId, userId: 'user-2' }))).rejects.toThrow();
      expect((await clients.findById(first.clientId))?.userId).toBe('user-1');
    });

    it("lists a user's own clients newest first, and no one else's", async () => {
      const old = client({ createdAt: at(1) });
      const newest = client({ createdAt: at(3) });
      const middle = client({ createdAt: at(2) });
      await clients.insert(old);
      await clients.insert(newest);
      await clients.insert(middle);
      await clients.insert(client({ userId: 'user-2', createdAt: at(4) }));
      await clients.insert(client({ userId: null, registrar: 'dynamic', createdAt: at(5) }));
      expect((await clients.listByUser('user-1')).map((c) => c.clientId)).toEqual([newest.clientId, middle.clientId, old.clientId]);
      expect(await clients.listByUser('user-1')).toContainEqual(old);
    });

    it('lists every client newest first, a page at a time, with the total', async () => {
      const made = [
        client({ createdAt: at(1) }),
        client({ userId: null, registrar: 'dynamic', createdAt: at(4) }),
        client({ userId: 'user-2', createdAt: at(2) }),
        client({ userId: null, registrar: 'admin', createdAt: at(3) }),
      ];
      for (const each of made) await clients.insert(each);
      const ids = (list: OAuthClientRecord[]) => list.map((c) => c.clientId);
      const byAge = [made[1], made[3], made[2], made[0]].map((c) => c?.clientId);
      expect(await clients.list({ limit: 2, offset: 0 })).toEqual({ clients: [made[1], made[3]], total: 4 });
      expect(ids((await clients.list({ limit: 2, offset: 2 })).clients)).toEqual(byAge.slice(2));
      expect(await clients.list({ limit: 10, offset: 4 })).toEqual({ clients: [], total: 4 });
    });

    it('applies changes at a time, keeping the rest, and answers the client as it is now', async () => {
      const stored = client();
      await clients.insert(stored);
      const changed = await clients.update(stored.clientId, { secretHash: null, tokenEndpointAuthMethod: 'none', redirectUris: ['https://new.example/cb'], scopes: null, disabled: true, name: 'Renamed' }, at(60));
      const expected = { ...stored, secretHash: null, tokenEndpointAuthMethod: 'none', redirectUris: ['https://new.example/cb'], scopes: null, disabled: true, name: 'Renamed', updatedAt: at(60) };
      expect(changed).toEqual(expected);
      expect(await clients.findById(stored.clientId)).toEqual(expected);
      const back = await clients.update(stored.clientId, { disabled: false, scopes: ['openid'] }, at(61));
      expect(back).toEqual({ ...expected, disabled: false, scopes: ['openid'], updatedAt: at(61) });
      expect(await clients.update(randomUUID(), { disabled: true }, at(62))).toBeNull();
    });

    it('changes one client only', async () => {
      const a = client();
      const b = client();
      await clients.insert(a);
      await clients.insert(b);
      await clients.update(a.clientId, { name: 'A', disabled: true }, at(5));
      expect(await clients.findById(b.clientId)).toEqual(b);
    });

    it('deletes a client once, and only that one', async () => {
      const a = client();
      const b = client();
      await clients.insert(a);
      await clients.insert(b);
      expect(await clients.delete(a.clientId)).toBe(true);
      expect(await clients.delete(a.clientId)).toBe(false);
      expect(await clients.findById(a.clientId)).toBeNull();
      expect(await clients.findById(b.clientId)).toEqual(b);
    });

    it('answers copies: changing an answer changes nothing stored', async () => {
      const stored = client();
      await clients.insert(stored);
      const found = await clients.findById(stored.clientId);
      found?.redirectUris.push('https://evil.example/cb');
      found?.scopes?.push('admin');
      expect(await clients.findById(stored.clientId)).toEqual(stored);
    });
  });
}
