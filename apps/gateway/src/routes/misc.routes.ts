import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { TOKENS } from '../tokens.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const errorQuery = z.object({ error: z.string().max(200).optional() }).catch({});

/** GET /ok, GET /error (the HTML page that error redirects land on) */
export function miscRoutes(c: Container): Router {
  const origins = c.get(TOKENS.TrustedOrigins);
  const router = Router();

  router.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });

  router.get('/error', (req, res) => {
    const code = errorQuery.parse(req.query).error || 'Unknown';
    const home = escapeHtml(origins.baseURLOf(req));
    res
      .status(200)
      .type('html')
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong · Tend</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7f4;color:#1f2d27;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2.5rem;border-radius:16px;max-width:28rem;box-shadow:0 4px 24px rgba(31,45,39,.08)}
code{background:#eef2ee;padding:.2rem .4rem;border-radius:6px}a{color:#2f6b52}</style></head>
<body><main><h1>Something went wrong</h1><p>Error code: <code id="error-code">${escapeHtml(code)}</code></p>
<p><a href="${home}">Return to Application</a></p></main></body></html>`);
  });
  return router;
}
