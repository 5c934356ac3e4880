# syntax=docker/dockerfile:1
#
# AI-Coaching images. Stages:
#   build    compiles the server workspaces (<ws>/dist) and the client (client/dist)
#   client   nginx serving client/dist with deploy/nginx.conf        docker build --target client .
#   runtime  Node with production dependencies and the compiled code  docker build --target runtime .  (the default)
# One runtime image serves every server process; the command picks it (see docker-compose.yml):
#   node api/dist/main.js | node gateway/dist/main.js | node workers/dist/main.js | node projections/dist/main.js
# Build from the repository root; .dockerignore keeps node_modules, dist, data and secrets out of the context.

# ---------------------------------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app

# Manifests first, so the npm ci layer is reused until the lockfile or a package.json changes. npm workspaces
# need every workspace's package.json (all ten listed in the root package.json) to match the lockfile.
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY application/package.json application/
COPY workers/package.json workers/
COPY gateway/package.json gateway/
COPY api/package.json api/
COPY client/package.json client/
COPY tests/package.json tests/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

COPY . .
# The server workspaces (domain, contracts, platform, projections, application, workers, gateway, api) into <ws>/dist.
RUN npx tsc -b tsconfig.server.json

# CI may pin the client's build id (e.g. to the commit SHA); empty lets Vite generate one.
ARG BUILD_ID=
RUN npm run build -w @ai-coaching/client \
 && test -f client/dist/index.html \
 && test -f client/dist/build/latest.json

# ---------------------------------------------------------------------------------------------------------------
FROM nginx:1.27-alpine AS client
# conf.d/default.conf is included inside the image's http block; it replaces the stock server.
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
RUN rm -rf /usr/share/nginx/html/*
COPY --from=build /app/client/dist /usr/share/nginx/html
EXPOSE 80

# ---------------------------------------------------------------------------------------------------------------
# Last stage, so a plain `docker build .` produces it.
FROM node:20-bookworm-slim AS runtime

# PID 1: tini (Debian's package, the same init `docker run --init` injects) is baked in as the entrypoint rather
# than relying on `docker run --init` / compose `init: true`, which Kubernetes, ECS and plain `docker run` do not
# add. Node as PID 1 gets no default signal dispositions (a SIGTERM before the runtime installs its handlers
# would be ignored until the SIGKILL) and reaps no zombies; tini forwards SIGTERM/SIGINT to node, whose lifecycle
# drains and closes every component (SHUTDOWN_TIMEOUT_MS each), and reaps orphans.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app

# Production dependencies only. Same manifests as above: npm ci refuses a lockfile whose workspaces are missing,
# so the client's and tests' manifests come too (their runtime dependencies are small; dev ones are omitted).
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY application/package.json application/
COPY workers/package.json workers/
COPY gateway/package.json gateway/
COPY api/package.json api/
COPY client/package.json client/
COPY tests/package.json tests/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# The compiled code. Workspaces resolve each other through the node_modules/@ai-coaching/* links npm ci made and
# their package.json "default" export (./dist/index.js). client/dist lets the same image serve the app shell
# (CLIENT_DIST_DIR=/app/client/dist, or the one-process `node api/dist/main-all.js`); compose uses the client image.
COPY --from=build /app/domain/dist domain/dist
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/platform/dist platform/dist
COPY --from=build /app/projections/dist projections/dist
COPY --from=build /app/application/dist application/dist
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/client/dist client/dist

# Code and dependencies stay root-owned and read-only to the app; only DATA_DIR (default ./data) is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node

EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "api/dist/main.js"]
