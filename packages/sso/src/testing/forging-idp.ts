// An OpenID provider that forges: its key set and token endpoint answer whatever id token a test
// asks for (its own claims, its key or another one), and its discovery document lies about the
// issuer. For the refusals a conformant IdP never produces.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface ForgingIdp {
  issuer: string;
  next: { claims: Record<string, unknown>; key: 'good' | 'other' } | null;
  close(): Promise<void>;
}

/** Serves a key set and a token endpoint answering whatever id token the test asks for; its discovery document lies about the issuer. */
export async function startForgingIdp(): Promise<ForgingIdp> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const state: ForgingIdp = { issuer: '', next: null, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/jwks') return json({ keys: [jwk] });
    if (path === '/lying-discovery') return json({ issuer: 'https://someone-else.example', authorization_endpoint: `${state.issuer}/authorize`, token_endpoint: `${state.issuer}/token`, jwks_uri: `${state.issuer}/jwks` });
    if (path === '/token') {
      req.resume();
      req.on('end', () => {
        const next = state.next;
        if (!next) return json({ error: 'invalid_grant' });
        const signer = new SignJWT(next.claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' });
        void signer.sign(next.key === 'good' ? good.privateKey : other.privateKey).then((idToken: string) => json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken }));
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
