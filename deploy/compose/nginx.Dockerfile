# syntax=docker/dockerfile:1
# The static origins: Debian's nginx with its brotli modules, as the topology runs here. The nginx.conf
# (`npm run nginx:compose` / `nginx:k8s`, made by deploy/src/nginx.ts --container) is mounted at
# /etc/nginx/nginx.conf and the release store at /srv/releases (RELEASES_DIR); nothing of the project is
# in the image. That nginx.conf logs to stdout and stderr and keeps its pid and temp files where this
# package does (/run/nginx.pid, /var/lib/nginx/*); `daemon off;` is given here, not in the file.
FROM debian:12-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static libnginx-mod-http-brotli-filter curl \
  && rm -rf /var/lib/apt/lists/*
# SIGQUIT is nginx's graceful stop: requests in flight finish (SIGTERM would cut them).
STOPSIGNAL SIGQUIT
CMD ["nginx", "-c", "/etc/nginx/nginx.conf", "-g", "daemon off;"]
