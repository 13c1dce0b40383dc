#!/usr/bin/env bash
# Starts the production server for the browser tests on a fresh database and data folder.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-4399}"
dir="data/e2e-$port"
rm -rf "$dir"
mkdir -p "$dir"
# The compiled site the warm renderer loads; scripts/test.sh compiles it once before the suites.
[ -f dist/server/entry.mjs ] || pnpm -s build:site --silent
export PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir" DATABASE_URL="file:$dir/app.db" \
  ADMIN_USERNAME=admin ADMIN_PASSWORD='e2e-password-123' SITE_URL="http://127.0.0.1:$port" \
  AUTOMATION_SCHEDULE=off NODE_ENV=production \
  MESSAGES_PER_ADDRESS=100 # every form spec posts from this one machine's address
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" # as scripts/start.sh
exec node api/src/server.ts
