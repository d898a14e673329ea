# syntax=docker/dockerfile:1
# Platform Console container image: see docs/production.md ("Container image").
# Build: docker build -t platform-console .

ARG NODE_IMAGE=node:22-bookworm-slim

# 0. The workspaces' manifests, which both install stages start from.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /m
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# 1. Build every workspace (TypeScript for contracts, sandbox and server; Vite for the web app).
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV CI=true
COPY --from=manifests /m ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/sandbox apps/sandbox
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# 2. Production dependencies only, for the workspaces the server runs with.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV CI=true
COPY --from=manifests /m ./
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace @console/server --workspace @console/contracts --workspace @console/sandbox \
 && npm cache clean --force

# 3. The runtime: compiled JavaScript, production node_modules and the built web app.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules node_modules
COPY --from=deps /app/package.json ./
COPY --from=build /src/packages/contracts/package.json packages/contracts/
COPY --from=build /src/packages/contracts/dist packages/contracts/dist
COPY --from=build /src/apps/sandbox/package.json apps/sandbox/
COPY --from=build /src/apps/sandbox/dist apps/sandbox/dist
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/config apps/server/config
COPY --from=build /src/apps/web/dist apps/web/dist
# `npm run admin:reset-password` (README, "Lost the administrator's password") runs the compiled command.
COPY scripts/admin/reset-password.mjs scripts/admin/
# The image's "node" user (uid 1000) owns only the data folder; the code stays read-only.
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000:1000
VOLUME ["/data"]
EXPOSE 8080
# Liveness: the process answers. Kubernetes uses the chart's probes (/healthz, /readyz) instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
