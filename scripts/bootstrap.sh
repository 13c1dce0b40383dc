#!/usr/bin/env bash
# Installs what the project needs on a machine that has only Node 20 and npm:
# Node 24 and pnpm from the npm registry into .tools/, then the workspace's dependencies.
# Source it (`. scripts/bootstrap.sh`) so PATH keeps .tools/node_modules/.bin afterwards.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_VERSION=24.21.0
PNPM_VERSION=12.21.0

if ! "$TOOLS/node_modules/.bin/node" --version 2>/dev/null | grep -q "^v${NODE_VERSION}$" \
  || ! [ -x "$TOOLS/node_modules/.bin/pnpm" ]; then
  echo "==> Installing Node ${NODE_VERSION} and pnpm ${PNPM_VERSION} into .tools/ (from the npm registry)"
  mkdir -p "$TOOLS"
  [ -f "$TOOLS/package.json" ] || echo '{ "private": true }' > "$TOOLS/package.json"
  (cd "$TOOLS" && npm install --no-audit --no-fund --loglevel=error "node@${NODE_VERSION}" "pnpm@${PNPM_VERSION}")
fi
export PATH="$TOOLS/node_modules/.bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export ASTRO_TELEMETRY_DISABLED=1

echo "==> Installing dependencies (pnpm install --frozen-lockfile)"
(cd "$ROOT" && pnpm install --frozen-lockfile --reporter=silent)
