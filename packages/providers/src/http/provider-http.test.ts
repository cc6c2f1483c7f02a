import { ManualClock } from '@tend/kernel';
import { FakeHttpServer, FakeKeys } from '../testing/index.js';
import { ProviderHttp } from './provider-http.js';
import { RemoteKeySet } from './remote-key-set.js';

let server: FakeHttpServer;
beforeAll(async () => {
  server = await FakeHttpServer.start();
  server.route('GET', 'https://api.example.com/me', () => ({ status: 200, json: { ok: true } }));
  server.route('GET', 'https://api.example.com/slow', () => 'hang');
});
afterAll(() => server.close());

describe('ProviderHttp', () => {
  it('rewrites https://HOST/PATH?Q to <base>/HOST/PATH?Q, and leaves URLs alone without a base', () => {
    const http = new ProviderHttp({ urlRewrite: 'http://127.0.0.1:4000/fake/' });
    expect(http.rewrite('https://graph.microsoft.com/v1.0/me/photos/48x48/$value?a=1&b=2')).toBe('http://127.0.0.1:4000/fake/graph.microsoft.com/v1.0/me/photos/48x48/$value?a=1&b=2');
    expect(http.rewrite('https://gitlab.example.com:8443/oauth/token')).toBe('http://127.0.0.1:4000/fake/gitlab.example.com:8443/oauth/token');
    expect(new ProviderHttp().rewrite('https://api.github.com/user')).toBe('https://api.github.com/user');
  });

  it('sends every call through the rewrite', async () => {
    const http = new ProviderHttp({ urlRewrite: server.baseURL });
    await expect(http.json('https://api.example.com/me')).resolves.toEqual({ ok: true });
    expect(server.requestsTo('https://api.example.com/me').at(-1)?.headers.accept).toBe('application/json');
  });

  it('ends a call the provider never answers with 503 PROVIDER_REQUEST_TIMED_OUT', async () => {
    const http = new ProviderHttp({ urlRewrite: server.baseURL, timeoutMs: 100 });
    await expect(http.json('https://api.example.com/slow')).rejects.toMatchObject({ status: 503, code: 'PROVIDER_REQUEST_TIMED_OUT' });
  });

  it('turns a refused connection into 503 PROVIDER_REQUEST_FAILED', async () => {
    const http = new ProviderHttp({ urlRewrite: 'http://127.0.0.1:1' });
    await expect(http.json('https://api.example.com/me')).rejects.toMatchObject({ status: 503, code: 'PROVIDER_REQUEST_FAILED' });
  });
});

describe('RemoteKeySet', () => {
  it('caches the key set for 10 minutes, refetches for an unknown kid at most every 30 s', async () => {
    const keys = await FakeKeys.generate();
    let fetches = 0;
    server.route('GET', 'https://keys.example.com/jwks', () => {
      fetches += 1;
      return { status: 200, json: keys.jwks() };
    });
    const clock = new ManualClock(Date.now());
    const set = new RemoteKeySet(new ProviderHttp({ urlRewrite: server.baseURL }), 'https://keys.example.com/jwks', clock);

    await set.key({ kid: 'fake-key-1', alg: 'RS256' });
    await set.key({ kid: 'fake-key-1', alg: 'RS256' });
    expect(fetches).toBe(1);

    await expect(set.key({ kid: 'unknown', alg: 'RS256' })).rejects.toMatchObject({ code: 'JWK_WITH_KID_KID_NOT_FOUND', message: 'JWK with kid unknown not found' });
    expect(fetches).toBe(1);
    clock.advance(30_000);
    await expect(set.key({ kid: 'unknown', alg: 'RS256' })).rejects.toMatchObject({ code: 'JWK_WITH_KID_KID_NOT_FOUND' });
    expect(fetches).toBe(2);

    clock.advance(10 * 60 * 1000);
    await set.key({ kid: 'fake-key-1', alg: 'RS256' });
    expect(fetches).toBe(3);
  });

  it("answers 'Keys not found' for a key set that is not 200, has no keys, or times out", async () => {
    server.route('GET', 'https://keys.example.com/broken', () => ({ status: 404, json: {} }));
    server.route('GET', 'https://keys.example.com/empty', () => ({ status: 200, json: { nothing: [] } }));
    server.route('GET', 'https://keys.example.com/hang', () => 'hang');
    const clock = new ManualClock(Date.now());
    const http = new ProviderHttp({ urlRewrite: server.baseURL, timeoutMs: 100 });
    for (const path of ['broken', 'empty', 'hang']) {
      const set = new RemoteKeySet(http, `https://keys.example.com/${path}`, clock);
      await expect(set.key({ kid: 'k', alg: 'RS256' })).rejects.toMatchObject({ status: 400, code: 'KEYS_NOT_FOUND', message: 'Keys not found' });
    }
  });
});
