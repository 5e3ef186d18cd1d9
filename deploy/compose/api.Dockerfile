# syntax=docker/dockerfile:1
# The API (mock-server) and the tools that publish releases, from the repository root:
#   docker build -f deploy/compose/api.Dockerfile --target api .     the API; also runs the seed
#   docker build -f deploy/compose/api.Dockerfile --target tools .   the release CLI (builds apps)
# Every setting comes from the runtime configuration (deployment.env / the ConfigMap) and the secrets.
FROM node:20-bookworm-slim AS base
# tini as PID 1: SIGTERM reaches node (which drains) and exited children are reaped.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
ENTRYPOINT ["/usr/bin/tini", "--"]

FROM base AS tools
# All dependencies: a release builds its app (webpack) before publishing it.
RUN npm ci
# docker compose run --rm tools release <app> | rollback <app> [id] | releases <app> | sync
ENTRYPOINT ["/usr/bin/tini", "--", "node", "--import", "tsx", "deploy/src/release-cli.ts"]

FROM base AS api
# The server runs its TypeScript through tsx (a dependency of mock-server): no build step, no dev tools.
RUN npm ci --omit=dev \
  && mkdir -p /data \
  && chown node:node /data
USER node
WORKDIR /app/mock-server
EXPOSE 4000
CMD ["node", "--import", "tsx", "src/main.ts"]
