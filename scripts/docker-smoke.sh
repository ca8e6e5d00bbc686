#!/usr/bin/env bash
# Smoke test of the container image, for a machine with Docker: builds it,
# runs it with a generated key and webhook secret, waits for /healthz (and
# Docker's own health check), posts one signed webhook (a real
# @octokit/webhooks-examples issue_comment payload that mentions no one, so
# askcode answers 200 without calling GitHub), checks that a wrong signature
# is refused, then `docker stop`s it and checks it exited 0 (the app is PID 1
# and handles SIGTERM). Needs docker, curl and openssl.
#
#   scripts/docker-smoke.sh            # IMAGE=askcode:smoke PORT=3999
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
image=${IMAGE:-askcode:smoke}
port=${PORT:-3999}
name=askcode-smoke-$$
payload="$root/test/fixtures/webhooks/issue_comment.created.json"
work=$(mktemp -d)

cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "docker-smoke: FAIL: $*" >&2
  docker logs "$name" >&2 || true
  exit 1
}

signature() { # secret file
  openssl dgst -sha256 -hmac "$1" -hex <"$2" | sed 's/^.*= *//'
}

deliver() { # secret delivery-id → HTTP status
  curl -sS -o /dev/null -w '%{http_code}' \
    -X POST "http://127.0.0.1:$port/api/github/webhooks" \
    -H 'content-type: application/json' \
    -H 'x-github-event: issue_comment' \
    -H "x-github-delivery: $2" \
    -H "x-hub-signature-256: sha256=$(signature "$1" "$payload")" \
    --data-binary "@$payload"
}

echo "docker-smoke: building $image"
docker build -t "$image" "$root"

openssl genrsa -out "$work/askcode.pem" 2048 2>/dev/null
chmod 644 "$work/askcode.pem" # the container runs as uid 1000
secret=$(openssl rand -hex 20)

# No --init: this checks the app itself, as PID 1, stops on SIGTERM.
docker run -d --name "$name" \
  -p "127.0.0.1:$port:3000" \
  --stop-timeout 35 \
  --health-interval 2s --health-start-period 30s \
  -e APP_ID=1 \
  -e WEBHOOK_SECRET="$secret" \
  -e PRIVATE_KEY_PATH=/run/secrets/askcode.pem \
  -v "$work/askcode.pem:/run/secrets/askcode.pem:ro" \
  "$image" >/dev/null

for _ in $(seq 60); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || fail "the container exited"
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || fail "/healthz never answered"
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ] || fail "/readyz is not 200"
curl -fsS "http://127.0.0.1:$port/metrics" >/dev/null || fail "/metrics is not 200"

for _ in $(seq 30); do
  [ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" = healthy ] && break
  sleep 1
done
[ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" = healthy ] || fail "Docker's HEALTHCHECK never passed"

status=$(deliver "$secret" "smoke-$$-1")
[ "$status" = 200 ] || fail "a signed webhook got $status, not 200"
status=$(deliver "not-the-secret" "smoke-$$-2")
[ "$status" = 400 ] || fail "a wrongly signed webhook got $status, not 400"

docker stop "$name" >/dev/null
code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "docker stop ended the app with exit code $code, not 0"
docker logs "$name" 2>&1 | grep -q "askcode is stopping" || fail "the app did not log its graceful stop"

echo "docker-smoke: OK (healthz, readyz, metrics, HEALTHCHECK, signed webhook 200, forged 400, docker stop exit 0)"
