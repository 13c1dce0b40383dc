#!/usr/bin/env bash
# Starts the load-balanced server for the browser journeys (playwright.lb.config.ts): nginx on <port> in front of
# two production instances on one throwaway libSQL server (sqld); see scripts/e2e-lb-server.ts. Data in
# data/e2e-lb-<port>, fresh each start.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-${E2E_LB_PORT:-4398}}"
export PATH="$PATH:/usr/sbin:/sbin" # Debian's nginx lives in /usr/sbin
if ! command -v nginx >/dev/null 2>&1; then
  echo "nginx is not installed: the load-balanced run needs it (apt-get install nginx-light)" >&2
  exit 1
fi
# The compiled site the warm renderer loads; scripts/test.sh compiles it once before the suites.
[ -f dist/server/entry.mjs ] || pnpm -s build:site --silent
exec node scripts/e2e-lb-server.ts "$port"
