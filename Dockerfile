# askcode as one container. Node 26 is the active LTS line (since October
# 2026; Node 24 is in maintenance). Build and run:
#
#   docker build -t askcode .
#   docker run --init --stop-timeout 35 -p 3000:3000 \
#     -e APP_ID=123456 -e WEBHOOK_SECRET=… \
#     -e PRIVATE_KEY_PATH=/run/secrets/askcode.pem \
#     -v "$PWD/askcode.pem:/run/secrets/askcode.pem:ro" askcode
#
# The app is PID 1 and handles SIGTERM itself (a graceful stop, exit 0);
# `--init` adds tini to reap the git processes `askcode ask --ref` starts.
# `--stop-timeout` must exceed ASKCODE_SHUTDOWN_GRACE_SECONDS (25) plus a few
# seconds for the interrupted notices; Docker's default of 10 s would kill
# running answers. The key file must be readable by uid 1000 (user `node`).
# Pass variables with -e or --env-file; a `.env` file is never copied in.
ARG NODE_IMAGE=node:26-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
RUN npm run build

FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# HOST: listen on every interface, so a published port reaches the app
# (outside a container askcode keeps Probot's default, localhost).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
# git serves `askcode ask --ref` on checkouts mounted into the container.
RUN apt-get update && apt-get install -y --no-install-recommends git && rm -rf /var/lib/apt/lists/*
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY app.yml ./
COPY missions ./missions
# The blob cache (ASKCODE_BLOB_CACHE_DIR) must be writable by `node`; mount a
# volume here to keep it across new containers (losing it costs only time).
RUN mkdir -p /var/cache/askcode && chown node:node /var/cache/askcode
ENV ASKCODE_BLOB_CACHE_DIR=/var/cache/askcode
USER node
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
