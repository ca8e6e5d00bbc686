#!/usr/bin/env bash
# Smoke test of the container image, for a machine with Docker: builds it,
# runs it as the README says (`--env-file` from a copied .env.example plus the
# manifest flow's PRIVATE_KEY, and `-e PRIVATE_KEY_PATH` with a mounted key),
# waits for /healthz and Docker's own health check (and says how long each
# took), posts one signed webhook (a real @octokit/webhooks-examples
# issue_comment payload that mentions no one, so askcode answers 200 without
# calling GitHub), checks that a wrong signature is refused with one log line
# and no body, then `docker stop`s it and checks it exited 0 (the app is PID 1
# and handles SIGTERM). Last, a loopback HOST must stop the start with a
# message. Needs docker, curl and openssl.
#
#   scripts/docker-smoke.sh            # IMAGE=askcode:smoke PORT=3999
set -euo pipefail

case "${1:-}" in
-h | --help)
  cat <<'USAGE'
usage: npm run docker:smoke        (IMAGE=askcode:smoke PORT=3999 by default)

Builds the image and runs it as the README says: waits for /healthz and
Docker's health check, posts one signed webhook and one forged, checks which
key was used, a clean `docker stop`, and that a loopback HOST is refused.
Needs docker, curl and openssl.
USAGE
  exit 0
  ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
image=${IMAGE:-askcode:smoke}
port=${PORT:-3999}
name=askcode-smoke-$$
payload="$root/test/fixtures/webhooks/issue_comment.created.json"
work=$(mktemp -d)

cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$name-data" >/dev/null 2>&1 || true
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
# An operator's .env: the example as copied (every setting commented out),
# the credentials filled in, the key written by the manifest flow as
# PRIVATE_KEY (a key of its own, so a start that used it would fail GitHub's
# auth), and empty lines an older example left (HOST=, the cache directory):
# none of them may override the image's settings.
openssl genrsa -out "$work/manifest.pem" 2048 2>/dev/null
{
  cat "$root/.env.example"
  echo "HOST="
  echo "ASKCODE_BLOB_CACHE_DIR="
  echo "APP_ID=1"
  echo "WEBHOOK_SECRET=$secret"
  echo "PRIVATE_KEY=\"$(awk '{printf "%s\\n", $0}' "$work/manifest.pem")\""
} >"$work/.env"

# No --init: this checks the app itself, as PID 1, stops on SIGTERM.
started=$(date +%s%N)
docker run -d --name "$name" \
  -p "127.0.0.1:$port:3000" \
  --stop-timeout 35 \
  --env-file "$work/.env" \
  -e PRIVATE_KEY_PATH=/run/secrets/askcode.pem \
  --mount type=bind,source="$work/askcode.pem",target=/run/secrets/askcode.pem,readonly \
  -v "$name-data:/var/lib/askcode" \
  "$image" >/dev/null

ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }
for _ in $(seq 600); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || fail "the container exited"
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || fail "/healthz never answered on the published port"
answered=$(ms_since "$started")
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ] || fail "/readyz is not 200"
curl -fsS "http://127.0.0.1:$port/metrics" >/dev/null || fail "/metrics is not 200"

for _ in $(seq 300); do
  [ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" = healthy ] && break
  sleep 0.1
done
[ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" = healthy ] || fail "Docker's HEALTHCHECK never passed"
healthy=$(ms_since "$started")

status=$(deliver "$secret" "smoke-$$-1")
[ "$status" = 200 ] || fail "a signed webhook got $status, not 200"
status=$(deliver "not-the-secret" "smoke-$$-2")
[ "$status" = 400 ] || fail "a wrongly signed webhook got $status, not 400"

docker stop "$name" >/dev/null
code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "docker stop ended the app with exit code $code, not 0"
# Read the logs whole, then search them: `docker logs | grep -q` under
# pipefail fails falsely when grep exits at its first match and docker logs
# dies of SIGPIPE.
logs=$(docker logs "$name" 2>&1)
grep -q "askcode is stopping" <<<"$logs" || fail "the app did not log its graceful stop"
grep -q "askcode uses the key file at PRIVATE_KEY_PATH" <<<"$logs" || fail "the app did not say which key it used"
# The embedded store (no REDIS_URL) is on the named volume, where a new
# container finds it.
docker run --rm -v "$name-data:/data" --entrypoint ls "$image" /data |
  grep -qx askcode.db || fail "the data volume holds no askcode.db"
forged=$(grep -c "smoke-$$-2" <<<"$logs" || true)
[ "$forged" = 1 ] || fail "the forged delivery took $forged log lines, not 1"
! grep -q '"action":"created"' <<<"$logs" || fail "a delivery's body reached the log"

# A loopback HOST inside the container: refused at start, naming HOST.
refused=$(docker run --rm -e HOST=127.0.0.1 -e APP_ID=1 -e WEBHOOK_SECRET=x \
  -e PRIVATE_KEY_PATH=/run/secrets/askcode.pem \
  --mount type=bind,source="$work/askcode.pem",target=/run/secrets/askcode.pem,readonly "$image" 2>&1) && fail "a loopback HOST started"
grep -q 'HOST="127.0.0.1" makes askcode listen on 127.0.0.1, which is loopback' <<<"$refused" || fail "a loopback HOST was refused without saying so: $refused"

# The CPU pool's threads run at nice 19 in the image: piscina sets it
# through an optional native package, and without it would say nothing.
niced=$(docker run --rm --entrypoint node "$image" --input-type=module -e '
import { createCpuPool } from "./dist/worker-threads/cpu-pool.js";
import { readdirSync, readFileSync } from "node:fs";
const cpu = createCpuPool({ threads: 1 });
await cpu.redact("x", {});
const nice = (tid) => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16];
};
console.log(readdirSync("/proc/self/task").filter((tid) => nice(tid) === "19").length);
await cpu.close();
' 2>&1)
[ "$niced" = 1 ] || fail "the image's CPU pool thread does not run at nice 19 (threads at 19: $niced)"

size=$(docker image inspect -f '{{.Size}}' "$image")
echo "docker-smoke: OK (healthz, readyz, metrics, HEALTHCHECK, the embedded store on its volume, signed webhook 200, forged 400 in one log line, key file over PRIVATE_KEY, empty HOST= ignored, docker stop exit 0, loopback HOST refused, CPU pool at nice 19)"
echo "docker-smoke: image $((size / 1000000)) MB; /healthz answered ${answered} ms after docker run, Docker reported healthy after ${healthy} ms"
