// The web app's Express server: security headers, static assets, the /api/auth proxy, then Remix.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import express from 'express';
import { gatewayProxy } from './gateway-proxy.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The page policy: scripts only from this origin or with this response's nonce; no framing. */
export function contentSecurityPolicy(nonce) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * @param {{ build: import('@remix-run/node').ServerBuild, gatewayUrl: string, trustProxy?: string | boolean }} options
 */
export function createApp({ build, gatewayUrl, trustProxy = false }) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);

  app.use((_req, res, next) => {
    // A fresh nonce per response: only the scripts this server wrote may run.
    res.locals.nonce = randomBytes(16).toString('base64');
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(res.locals.nonce));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  app.use('/api/auth', gatewayProxy(gatewayUrl));
  // The identity provider's documents at the site's root (RFC 8414 §3.1, RFC 9728), served by the gateway too.
  app.get(['/.well-known/oauth-authorization-server/api/auth', '/.well-known/oauth-protected-resource'], gatewayProxy(gatewayUrl));

  const client = path.join(root, 'build', 'client');
  app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(client, { maxAge: '1h' }));

  // Pages are personal (account details, reset tokens): never cached.
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // requestScope: one object per HTTP request, so its action and loaders share one gateway cookie jar.
  app.all('*', createRequestHandler({ build, getLoadContext: (req, res) => ({ clientIp: req.ip, requestScope: {}, nonce: res.locals.nonce }) }));
  return app;
}
