// Serves the built app (`pnpm build` first) on WEB_PORT, talking to the gateway at GATEWAY_URL.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { defaultNodeEnv, env } from './server/env.mjs';

// React and Remix pick their builds from NODE_ENV when first imported: set it before they load.
defaultNodeEnv('production');

const root = path.dirname(fileURLToPath(import.meta.url));
const { port, host, gatewayUrl, trustProxy } = env();

const build = await import(pathToFileURL(path.join(root, 'build', 'server', 'index.js')).href).catch((error) => {
  console.error('The web app is not built yet: run `pnpm --filter @tend/web build` (or `pnpm build`) first.');
  console.error(error.message);
  process.exit(1);
});
const { createApp } = await import('./server/app.mjs');

const server = createApp({ build, gatewayUrl, trustProxy }).listen(port, host, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? address.port : port;
  console.log(`Tend web on http://localhost:${shown} (gateway ${gatewayUrl})`);
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
