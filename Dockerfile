# syntax=docker/dockerfile:1.7
# Tend's two images, built from this repository (BuildKit):
#   docker build --target gateway -t tend-gateway .   # node apps/gateway/dist/main.js, port 3000
#   docker build --target web -t tend-web .           # node apps/web/server.mjs, port 3001
# compose.yaml builds both. Every stage runs the Node version below (Node 24 LTS: CI runs the
# gateway's HTTP tests and the integration suite on it; `--build-arg NODE_VERSION=20.20.2` for the
# Node 20 the rest of the tests run on). The runtime stages run as the unprivileged `node` user and
# hold only production dependencies (see docs/deploy.md).
ARG NODE_VERSION=24.21.0
ARG PNPM_VERSION=10.34.9

FROM node:${NODE_VERSION}-bookworm-slim AS pnpm
ARG PNPM_VERSION
ENV CI=true TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NEXT_TELEMETRY_DISABLED=1
RUN npm install -g pnpm@${PNPM_VERSION} && npm cache clean --force
WORKDIR /repo

# Every package of the lockfile into pnpm's store (a build cache, not a layer): changes to the
# sources do not invalidate it, only changes to pnpm-lock.yaml do.
FROM pnpm AS build
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=tend-pnpm-store,target=/pnpm-store \
    pnpm fetch --frozen-lockfile --store-dir /pnpm-store
COPY . .
# The install also generates the Prisma client (packages/database's postinstall, offline).
RUN --mount=type=cache,id=tend-pnpm-store,target=/pnpm-store \
    pnpm install --offline --frozen-lockfile --store-dir /pnpm-store
RUN pnpm build

# Production dependencies of one app, installed afresh from the same store, then trimmed to what
# the app reaches (deploy/prune-node-modules.mjs drops Prisma's CLI, TypeScript, maps, typings).
FROM build AS gateway-files
RUN --mount=type=cache,id=tend-pnpm-store,target=/pnpm-store \
    rm -rf node_modules apps/*/node_modules packages/*/node_modules tooling/*/node_modules \
 && pnpm install --offline --frozen-lockfile --prod --ignore-scripts --store-dir /pnpm-store --filter "@tend/gateway..." \
 && node deploy/prune-node-modules.mjs apps/gateway --leaf @scalar/api-reference \
 && rm -rf apps/web tooling bench packages/*/src packages/*/scripts apps/gateway/src apps/gateway/test

FROM build AS web-files
RUN --mount=type=cache,id=tend-pnpm-store,target=/pnpm-store \
    rm -rf node_modules apps/*/node_modules packages/*/node_modules tooling/*/node_modules \
 && pnpm install --offline --frozen-lockfile --prod --ignore-scripts --store-dir /pnpm-store --filter "@tend/web..." \
 && node deploy/prune-node-modules.mjs apps/web \
 && rm -rf apps/gateway tooling bench prisma packages/*/src packages/*/scripts apps/web/app apps/web/test apps/web/.cache

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app

FROM runtime AS web
COPY --from=web-files /repo/node_modules ./node_modules
COPY --from=web-files /repo/packages ./packages
COPY --from=web-files /repo/apps/web ./apps/web
WORKDIR /app/apps/web
USER node
ENV WEB_PORT=3001 WEB_HOST=0.0.0.0
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.WEB_PORT||3001)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.mjs"]

# Last, so a plain `docker build .` builds the gateway.
FROM runtime AS gateway
COPY --from=gateway-files /repo/package.json ./package.json
COPY --from=gateway-files /repo/node_modules ./node_modules
COPY --from=gateway-files /repo/packages ./packages
COPY --from=gateway-files /repo/prisma/migrations ./prisma/migrations
COPY --from=gateway-files /repo/apps/gateway ./apps/gateway
# The embedded database's directory (used only without DATABASE_URL), writable by the app's user.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
# Heap limits measured in docs/performance.md (Memory): peak RSS under the benchmark ~200 MB instead
# of ~370 MB, for ~15% of get-session throughput and a longer p99 (more frequent collections).
# Raise or drop them where memory is cheaper than CPU; `pnpm bench` runs the gateway with these.
# glibc's malloc: two arenas, and blocks above 128 KiB always mapped and unmapped (not kept after
# their first free, as glibc's sliding threshold does with the 32 MB scrypt blocks): -25 MB at peak.
ENV PORT=3000 HOST=0.0.0.0 NODE_OPTIONS="--max-semi-space-size=4 --max-old-space-size=128" \
    MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/gateway/dist/main.js"]
