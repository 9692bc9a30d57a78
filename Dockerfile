# syntax=docker/dockerfile:1
# The production image of Hospipay: one process serving the API and the built web app (docs/deploy.md).
#   docker build -t hospipay:1.0.0 .
# Stages: deps (every dependency, for the build) → build (the web app) → prod-deps (runtime dependencies
# only) → runtime (non-root, health-checked on /readyz). The API runs its TypeScript sources through tsx,
# a runtime dependency of apps/api, exactly as `npm start` does; packages are consumed as source.

# Pinned to Node.js 22 LTS, the release the test suite runs on (.ci/run installs this version on a machine
# whose Node is older); raise it here and in every stage at once.
ARG NODE_IMAGE=node:22.23.5-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Manifests first, so a change in the sources alone reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# pg_dump and pg_restore for `npm run backup` / `npm run restore` (docs/backups.md); Debian bookworm's
# client is PostgreSQL 15, the server version compose.yaml runs.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Code and dependencies belong to root and are read-only to the process; only /var/lib/hospipay is its own.
COPY --from=prod-deps /app ./
COPY apps/api apps/api
COPY apps/sandbox apps/sandbox
COPY packages/contract packages/contract
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/hospipay/data /var/lib/hospipay/uploads \
  && chown -R 1000:1000 /var/lib/hospipay

# Production mode by default: the server refuses to start until every production setting is given
# (apps/api/src/env.ts; docs/deploy.md lists them). Secrets never go here: they come at run time.
ENV NODE_ENV=production \
  SANDBOX=false \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/var/lib/hospipay/data \
  UPLOAD_DIR=/var/lib/hospipay/uploads \
  WEB_DIST_DIR=/app/apps/web/dist

# Anonymous by default; compose.yaml mounts the shared uploads volume at UPLOAD_DIR.
VOLUME ["/var/lib/hospipay"]
EXPOSE 8080
# The node image's unprivileged account (uid 1000), by number so orchestrators can verify it is not root.
USER 1000:1000

# Ready means the database answers (GET /readyz); slim images carry no curl, so Node's fetch asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# main.ts stops cleanly on SIGTERM: in-flight requests finish, workers stop, leases are released.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "apps/api/src/main.ts"]
