# syntax=docker/dockerfile:1
# The video gateway (deploy README "Video gateway"): Debian's Janus 1.1.2 run by deploy/scripts/janus.mjs,
# which writes its configuration (janus-config.mjs) from deploy/janus with the install's keys
# (<DATA_DIR>/janus/keys.json, on the volume the API shares) and runs `janus -F`. From the repository root:
#   docker build -f deploy/compose/janus.Dockerfile .
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends janus tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY deploy/janus deploy/janus
COPY deploy/scripts/janus.mjs deploy/scripts/janus-config.mjs deploy/scripts/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8188
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "deploy/scripts/janus.mjs", "--data-dir", "/data"]
