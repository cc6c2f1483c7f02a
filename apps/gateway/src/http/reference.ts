// The API reference page: Scalar's standalone bundle, served by the gateway itself from the
// installed package (never a CDN), rendering the OpenAPI document of this gateway.
import { createReadStream, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { escapeHtml } from '@tend/mailer';

/** Where the bundle lives in the installed package. */
function scalarBundlePath(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(entry), 'browser', 'standalone.js');
}

// Scalar injects its styles at run time; everything else comes from this origin only.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * GET {path} (the page, at exactly that path and with a trailing slash, never a redirect) and
 * GET {path}/scalar.js (the bundle, streamed from disk and cached by browsers). `path` is where the page
 * is mounted (AUTH_API_REFERENCE_PATH); the script is named by its absolute path under it, so
 * the page works at either spelling. `title` is the API's (the OpenAPI document's info.title).
 */
export function referenceRoutes(path: string, documentURL: string, title: string): Router {
  const router = Router();
  // The bundle (~4 MB) is streamed from the installed package on each request, never held in memory.
  let bundle: { path: string; size: number } | undefined;
  const configuration = escapeHtml(JSON.stringify({ withDefaultFonts: false, hideClientButton: true, telemetry: false }));
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · reference</title></head>
<body><script id="api-reference" data-url="${escapeHtml(documentURL)}" data-configuration="${configuration}"></script>
<script src="${escapeHtml(`${path.replace(/\/+$/, '')}/scalar.js`)}"></script></body></html>`;

  router.get('/', (_req, res) => {
    res.status(200).type('html').set('Content-Security-Policy', CSP).set('Cache-Control', 'no-cache').send(page);
  });
  router.get('/scalar.js', (req, res) => {
    if (!bundle) {
      const path = scalarBundlePath();
      bundle = { path, size: statSync(path).size };
    }
    res.status(200).type('application/javascript').set('Cache-Control', 'public, max-age=86400').set('Content-Length', String(bundle.size));
    if (req.method === 'HEAD') return void res.end();
    createReadStream(bundle.path).on('error', (error) => res.destroy(error)).pipe(res);
  });
  return router;
}
