#!/usr/bin/env bash
# One command from a fresh clone to a running product: tools, dependencies, admin build, then the server,
# which migrates and seeds the database, builds the site and prints the URL with the admin credentials.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bootstrap.sh
echo "==> Building the admin app"
pnpm --filter admin build --logLevel warn
echo "==> Starting the server (first start builds the site)"
exec node api/src/server.ts
