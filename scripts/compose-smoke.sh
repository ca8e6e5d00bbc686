#!/usr/bin/env bash
# Smoke test of deploy/compose.yaml, for a machine with Docker and Compose v2:
# two replicas and Redis behind nginx, built from this checkout, against a
# GitHub stand-in on the host's Docker bridge address. Both replicas must be
# healthy, a signed mention through nginx answered, and the replica running
# it killed mid-answer without losing or doubling the answer (see
# scripts/compose-smoke.ts). Leaves nothing running (KEEP=1 keeps the stack).
#
#   scripts/compose-smoke.sh            # COMPOSE_PROJECT=askcode-smoke
set -euo pipefail

case "${1:-}" in
-h | --help)
  cat <<'USAGE'
usage: npm run compose:smoke       (COMPOSE_PROJECT=askcode-smoke; KEEP=1 keeps the stack)

Runs deploy/compose.yaml (two replicas and Redis behind nginx, built from this
checkout) against a GitHub stand-in on the Docker bridge: both replicas
healthy, a signed mention answered through nginx, and the replica running it
killed mid-answer without losing or doubling the answer. Needs docker and
Compose v2.
USAGE
  exit 0
  ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
command -v docker >/dev/null || { echo "compose-smoke: needs docker" >&2; exit 1; }
[[ $(docker compose version --short 2>/dev/null) =~ ^v?[2-9] ]] ||
  { echo "compose-smoke: needs Compose v2 (docker compose)" >&2; exit 1; }
cd "$root"
exec node --import tsx scripts/compose-smoke.ts
