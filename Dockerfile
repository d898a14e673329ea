# syntax=docker/dockerfile:1
# Platform Console container image: see docs/production.md ("Container image").
# Build: docker build -t platform-console .
# Here, without a registry: npm run test:image (builds a local NODE_IMAGE, then this file).

ARG NODE_IMAGE=node:22-bookworm-slim

# 0. The workspaces' manifests, which both install stages start from.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /m
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/trino-access/package.json packages/trino-access/
COPY apps/server/package.json apps/server/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# The npm registry is reached with the build's CA bundle when one is given
# (--secret id=ca,src=/etc/ssl/certs/ca-certificates.crt behind a TLS-inspecting proxy); the
# secret is mounted for the two npm ci steps only and is in no layer.

# 1. Build every workspace (TypeScript for contracts, sandbox and server; Vite for the web app).
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV CI=true
COPY --from=manifests /m ./
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund --prefer-offline
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY packages/trino-access packages/trino-access
COPY apps/sandbox apps/sandbox
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build \
 && find packages/contracts/dist packages/trino-access/dist apps/sandbox/dist apps/server/dist -name '*.d.ts' -delete

# 2. Production dependencies only, for the workspaces the server runs with; then what Node.js
#    never loads: source maps, TypeScript sources and declarations, read-mes, and the test,
#    example and documentation folders of each package (about half of the folder's size).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV CI=true
COPY --from=manifests /m ./
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --omit=dev --no-audit --no-fund --prefer-offline \
      --workspace @console/server --workspace @console/contracts --workspace @console/trino-access \
      --workspace @console/sandbox \
 && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \
      -o -iname '*.md' -o -iname '*.markdown' \) -delete \
 && find node_modules -regextype posix-extended -type d \
      -regex '(.*/)?node_modules/(@[^/]+/)?[^/]+/(test|tests|__tests__|examples?|docs|benchmarks?|\.github)' \
      -prune -exec rm -rf {} +

# 3. What the runtime keeps of the base image: Node.js, the C libraries it links against (as
#    ldd lists them) with their licences, the users and groups, time zones, /tmp, and /data for
#    the node user (uid 1000). No shell, package manager or npm: nothing else runs in the image.
FROM ${NODE_IMAGE} AS node
RUN set -eu; r=/rootfs; \
    mkdir -p $r/usr/local/bin $r/etc $r/tmp $r/data $r/usr/share/doc; \
    cp /usr/local/bin/node $r/usr/local/bin/node; \
    for lib in $(ldd /usr/local/bin/node | grep -o '/[^ ]*'); do \
      cp --parents -L "$lib" $r; \
      pkg="$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")")"; pkg="${pkg%%:*}"; \
      [ ! -e "/usr/share/doc/$pkg/copyright" ] || cp -L --parents "/usr/share/doc/$pkg/copyright" $r; \
    done; \
    cp /etc/passwd /etc/group /etc/nsswitch.conf /etc/ld.so.cache $r/etc/; \
    for f in /usr/share/zoneinfo /usr/share/doc/tzdata/copyright; do [ ! -e $f ] || cp -a --parents $f $r; done; \
    if [ -d /usr/local/share/doc/node ]; then cp -a --parents /usr/local/share/doc/node $r; fi; \
    chmod 1777 $r/tmp; chown 1000:1000 $r/data; \
    chroot $r /usr/local/bin/node -e 'process.exit(0)'

# 4. The runtime: Node.js, the compiled JavaScript, production node_modules and the built web app.
FROM scratch AS runtime
COPY --from=node /rootfs /
ENV PATH=/usr/local/bin \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json ./
COPY --from=build /src/packages/contracts/package.json packages/contracts/
COPY --from=build /src/packages/contracts/dist packages/contracts/dist
COPY --from=build /src/packages/trino-access/package.json packages/trino-access/
COPY --from=build /src/packages/trino-access/dist packages/trino-access/dist
COPY --from=build /src/apps/sandbox/package.json apps/sandbox/
COPY --from=build /src/apps/sandbox/dist apps/sandbox/dist
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/config apps/server/config
COPY --from=build /src/apps/web/dist apps/web/dist
# `npm run admin:reset-password` (README, "Lost the administrator's password") runs the compiled
# command: `node scripts/admin/reset-password.mjs` in the container.
COPY scripts/admin/reset-password.mjs scripts/admin/
# The "node" user (uid 1000) owns only the data folder; the code stays root's and read-only.
USER 1000:1000
VOLUME ["/data"]
EXPOSE 8080
# Liveness: the process answers. Kubernetes uses the chart's probes (/healthz, /readyz) instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
