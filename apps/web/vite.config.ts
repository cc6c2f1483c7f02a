import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { env } from './server/env.mjs';

declare module '@remix-run/node' {
  // Single Fetch: loaders' return types flow to useLoaderData without `typeof json`.
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: env().port },
  plugins: [
    remix({
      ignoredRouteFiles: ['**/*.test.ts', '**/*.css'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
