import { routes } from '@tend/contracts';
import { escapeHtml } from '@tend/mailer';
import { HtmlPage, endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { META } from './tokens.js';

const tags = ['Meta'];

export const ok = endpoint({
  ...routes.ok,
  summary: 'Liveness of the auth routes',
  tags,
  auth: 'public',
  deps: {},
  handler: () => ({ ok: true }),
});

const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const errorPage = endpoint({
  ...routes.errorPage,
  summary: 'The page error redirects land on',
  description: 'Shows the error code (default `Unknown`) with a Return to Application link.',
  tags,
  auth: 'public',
  deps: { origins: PLATFORM.TrustedOrigins },
  handler({ deps, query, req }) {
    const code = query.error || 'Unknown';
    const home = escapeHtml(deps.origins.baseURLOf(req));
    return new HtmlPage(
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong · Tend</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7f4;color:#1f2d27;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2.5rem;border-radius:16px;max-width:28rem;box-shadow:0 4px 24px rgba(31,45,39,.08)}
code{background:#eef2ee;padding:.2rem .4rem;border-radius:6px}a{color:#2f6b52}</style></head>
<body><main><h1>Something went wrong</h1><p>Error code: <code id="error-code">${escapeHtml(code)}</code></p>
<p><a href="${home}">Return to Application</a></p></main></body></html>`,
      ERROR_PAGE_CSP,
    );
  },
});

export const openApiSchema = endpoint({
  ...routes.openApiSchema,
  summary: 'The OpenAPI 3.1 document of every route',
  tags,
  auth: 'public',
  deps: { document: META.OpenApiDocument },
  handler: ({ deps }) => deps.document(),
});
