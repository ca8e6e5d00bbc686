#!/usr/bin/env bash
# The GitHub Action's first step (action.yml): install askcode where the
# runner checked the action out ($GITHUB_ACTION_PATH), exactly as its
# lockfile pins it, and build it. Everything comes from the npm registry:
# askcode's dependencies (tree-sitter's grammars are npm packages), and,
# when the runner's node is older than askcode needs (GitHub's Ubuntu
# images put Node 20 on PATH), an official Node 22 build, put on PATH for
# the steps after this one. The repository's code is never installed or run.
set -euo pipefail
cd "${GITHUB_ACTION_PATH:-$(dirname "$0")/..}"
source scripts/node22-on-path.sh
if [ -n "$ASKCODE_NODE_BIN" ] && [ -n "${GITHUB_PATH:-}" ]; then
  echo "$ASKCODE_NODE_BIN" >>"$GITHUB_PATH"
fi
npm ci --no-audit --no-fund
npm run build
