// The environments `pnpm start` (tooling/scripts/start.mjs) gives the gateway and the web app,
// as a function of its own environment: kept apart from the script so it can be tested.
//
// The web app serves the pages and proxies /api/auth to the gateway, so unless they are set:
//   AUTH_WEB_URL  = http://localhost:$WEB_PORT   invitation links, sign-in challenge pages
//   AUTH_BASE_URL = http://localhost:$WEB_PORT   every mailed link (verification, reset, deletion,
//                                                change of email, sign-in links and codes) and the
//                                                provider callbacks come back through the web app

/**
 * @param {Record<string, string | undefined>} env the environment `pnpm start` runs in
 * @returns {{ port: number, webPort: number, outbox: boolean, gateway: Record<string, string | undefined>, web: Record<string, string | undefined> }}
 */
export function startEnvs(env) {
  const port = Number(env.PORT || 3000);
  const webPort = Number(env.WEB_PORT || 3001);
  const webOrigin = `http://localhost:${webPort}`;
  const webOrigins = [webOrigin, `http://127.0.0.1:${webPort}`];
  // The gateway's own origin stays trusted (its API reference page) though the auth base is the web app's.
  const gatewayOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const trustedOrigins = [...new Set([...(env.AUTH_TRUSTED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean), ...webOrigins, ...gatewayOrigins])];
  const outbox = env.NODE_ENV !== 'production' && !env.RESEND_API_KEY;
  return {
    port,
    webPort,
    outbox,
    gateway: {
      ...env,
      PORT: String(port),
      // The web app's origin: mailed links open the web app, whose /api/auth proxies to the gateway.
      AUTH_BASE_URL: env.AUTH_BASE_URL || webOrigin,
      AUTH_WEB_URL: env.AUTH_WEB_URL || webOrigin,
      AUTH_TRUSTED_ORIGINS: trustedOrigins.join(','),
      // The web server calls the gateway from 127.0.0.1 with X-Forwarded-For set to the browser's IP.
      AUTH_TRUSTED_PROXIES: env.AUTH_TRUSTED_PROXIES || 'loopback',
    },
    web: {
      ...env,
      NODE_ENV: 'production',
      WEB_PORT: String(webPort),
      GATEWAY_URL: env.GATEWAY_URL || `http://127.0.0.1:${port}`,
      DEV_OUTBOX: env.DEV_OUTBOX || (outbox ? '1' : '0'),
    },
  };
}
