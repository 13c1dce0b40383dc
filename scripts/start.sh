#!/usr/bin/env bash
# One command from a fresh clone to a running product: tools, dependencies, admin build, then the server,
# which migrates and seeds the database, builds the site and prints the URL with the admin credentials.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bootstrap.sh
echo "==> Building the admin app"
pnpm --filter admin build --logLevel warn
echo "==> Compiling the site (the renderer's server bundle and assets)"
pnpm -s build:site --silent
echo "==> Starting the server (first start renders the site)"
# Two malloc arenas: libvips' threads each take one by default, and an image upload's peak memory grows with them
# (docs/decisions/022-images-processed-at-upload.md). Set before Node starts; glibc reads it once.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node api/src/server.ts
