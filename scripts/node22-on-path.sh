# Sourced by .ci/run and scripts/install-action.sh: askcode needs Node 22.13
# or newer (package.json's engines). When the machine's node is older, take
# an official Node 22 build from the npm registry (the node-linux-<arch>
# package carries the release binary) and put it first on PATH, where npm
# then runs on it too; $ASKCODE_NODE_BIN names that directory (empty when the
# machine's node was new enough).
ASKCODE_NODE_BIN=""
old_node=$(node -p 'const [a, b] = process.versions.node.split(".").map(Number); a < 22 || (a === 22 && b < 13) ? 1 : 0' 2>/dev/null || echo 1)
if [ "$old_node" = 1 ]; then
  case "$(uname -m)" in
    x86_64) node_arch=x64 ;;
    aarch64 | arm64) node_arch=arm64 ;;
    *)
      echo "askcode takes Node 22 from npm for Linux x64 or arm64; this machine is $(uname -m): install Node 22.13 or newer." >&2
      exit 1
      ;;
  esac
  node_dir="${RUNNER_TEMP:-/tmp}/askcode-node22"
  npm install --prefix "$node_dir" --no-save --no-audit --no-fund --no-package-lock "node-linux-$node_arch@22"
  ASKCODE_NODE_BIN="$node_dir/node_modules/node-linux-$node_arch/bin"
  export PATH="$ASKCODE_NODE_BIN:$PATH"
fi
echo "node $(node --version), npm $(npm --version)"
