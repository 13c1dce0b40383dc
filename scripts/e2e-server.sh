#!/usr/bin/env bash
# Starts the production server for the browser tests on a fresh database and data folder.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-4399}"
dir="data/e2e-$port"
rm -rf "$dir"
mkdir -p "$dir"
export PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir" DATABASE_URL="file:$dir/app.db" \
  ADMIN_USERNAME=admin ADMIN_PASSWORD='e2e-password-123' SITE_URL="http://127.0.0.1:$port" \
  AUTOMATION_SCHEDULE=off NODE_ENV=production
exec node api/src/server.ts
