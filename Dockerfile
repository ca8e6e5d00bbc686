# askcode as one container. Node 26 is the active LTS line (since October
# 2026; Node 24 is in maintenance). Build and run:
#
#   docker build -t askcode .
#   docker run --init --stop-timeout 35 -p 3000:3000 \
#     -e APP_ID=123456 -e WEBHOOK_SECRET=… \
#     -e PRIVATE_KEY_PATH=/run/secrets/askcode.pem \
#     --mount type=bind,source="$PWD/askcode.pem",target=/run/secrets/askcode.pem,readonly \
#     -v askcode-data:/var/lib/askcode askcode
#
# The app is PID 1 and handles SIGTERM itself (a graceful stop, exit 0);
# `--init` adds tini to reap the git processes `askcode ask --ref` starts.
# `--stop-timeout` must exceed ASKCODE_SHUTDOWN_GRACE_SECONDS (25) so the
# answers that can finish do (the rest resume at the next start, from the
# data volume); Docker's default of 10 s would cut them short. The key file
# must exist before the start (--mount refuses a missing one, where -v would
# make a directory in its place) and be readable by uid 1000 (user `node`);
# PRIVATE_KEY_PATH wins over a PRIVATE_KEY from the same env file. Pass
# variables with -e or --env-file; a `.env` file is never copied in, and an
# empty value (`HOST=`) is read as unset, never as an override.
ARG NODE_IMAGE=node:26-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
# `npm run build` runs these after tsc: the command line's bundle, a hash
# of the compiled code, the list of sources it was compiled from, and the
# tokenizer's encodings decoded.
COPY scripts/bundle-cli.mjs scripts/write-build-id.mjs scripts/write-source-list.mjs scripts/write-encodings.mjs ./scripts/
RUN npm run build

FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# ASKCODE_IN_CONTAINER: askcode's own defaults for an image apply to what is
# unset (HOST 0.0.0.0, so a published port reaches the app; the blob cache
# below), and a loopback HOST stops the start. They live in the code
# (CONTAINER_DEFAULTS), not here: `--env-file` with `HOST=` would replace an
# ENV line with an empty value.
ENV NODE_ENV=production PORT=3000 ASKCODE_IN_CONTAINER=1
WORKDIR /app
# git serves `askcode ask --ref` on checkouts mounted into the container.
RUN apt-get update && apt-get install -y --no-install-recommends git && rm -rf /var/lib/apt/lists/*
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY app.yml ./
COPY missions ./missions
# Both directories must be writable by `node`. The blob cache (the image's
# default ASKCODE_BLOB_CACHE_DIR): mount a volume to keep it across new
# containers (losing it costs only time). The data directory (the queue's
# embedded store when there is no REDIS_URL, the image's default
# ASKCODE_DATA_DIR) is a VOLUME: what it holds must
# outlive the container, so mount a named volume there.
RUN mkdir -p /var/cache/askcode /var/lib/askcode \
  && chown node:node /var/cache/askcode /var/lib/askcode
VOLUME ["/var/lib/askcode"]
USER node
EXPOSE 3000
# Healthy within 5 s of /healthz answering: Docker's --start-interval (engine
# 25+) would allow a slow interval afterwards, but older engines refuse the
# flag, so the interval itself is short. bash's /dev/tcp costs a few ms per
# check where starting node costs ~50 ms (slim images have no curl).
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-3000} && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && read -r _ status _ <&3 && [ \"$status\" = 200 ]"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
