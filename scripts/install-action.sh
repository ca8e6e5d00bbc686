#!/usr/bin/env bash
# The GitHub Action's first step (action.yml): install askcode where the
# runner checked the action out ($GITHUB_ACTION_PATH), exactly as its
# lockfile pins it, and build it. Everything comes from the npm registry:
# askcode's dependencies (tree-sitter's grammars are npm packages), and,
# when the runner's node is older than askcode needs (GitHub's Ubuntu
# images put Node 20 on PATH), an official Node 22 build (the
# node-linux-<arch> package carries the release binary), put on PATH for
# the steps after this one. The repository's code is never installed or run.
set -euo pipefail
cd "${GITHUB_ACTION_PATH:-$(dirname "$0")/..}"

old_node=$(node -p 'const [a, b] = process.versions.node.split(".").map(Number); a < 22 || (a === 22 && b < 13) ? 1 : 0' 2>/dev/null || echo 1)
if [ "$old_node" = 1 ]; then
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "askcode's action runs on Linux x64 or arm64 runners; this one is $(uname -m)." >&2; exit 1 ;;
  esac
  node_dir="${RUNNER_TEMP:-/tmp}/askcode-node22"
  npm install --prefix "$node_dir" --no-save --no-audit --no-fund --no-package-lock "node-linux-$arch@22"
  bin="$node_dir/node_modules/node-linux-$arch/bin"
  export PATH="$bin:$PATH"
  if [ -n "${GITHUB_PATH:-}" ]; then echo "$bin" >>"$GITHUB_PATH"; fi
fi
echo "node $(node --version), npm $(npm --version)"
npm ci --no-audit --no-fund
npm run build
