#!/usr/bin/env bash
# Audits a built site folder: HTML validity with vnu-jar (errors only) and broken internal links with
# linkinator. Usage: scripts/audit-site.sh DIR. Exits non-zero if either finds a problem.
set -uo pipefail
cd "$(dirname "$0")/.."
dir="${1:?usage: scripts/audit-site.sh DIR (a built site folder)}"
[ -f "$dir/index.html" ] || { echo "audit-site: $dir has no index.html; build the site first" >&2; exit 2; }

status=0
echo "== vnu: HTML validity of $dir"
if java -jar node_modules/vnu-jar/build/dist/vnu.jar --errors-only --skip-non-html "$dir"; then
  echo "vnu: 0 errors"
else
  echo "vnu: errors found" >&2
  status=1
fi

echo "== linkinator: internal links of $dir"
# The admin SPA and the API are not part of the built folder; external links cannot be checked offline.
# Canonical, Open Graph and feed URLs are absolute on SITE_URL, which need not be running: skip that origin.
origin="$(grep -o '<link rel="canonical" href="[^"]*"' "$dir/index.html" | sed -E 's|.*href="(https?://[^/"]+).*|\1|')"
# Command-line --skip replaces the config's list, so merge into a temporary config instead.
config="$(mktemp --suffix=.json)"
trap 'rm -f "$config"' EXIT
ORIGIN="$origin" node -e '
  const c = JSON.parse(require("fs").readFileSync("linkinator.config.json", "utf8"));
  const o = process.env.ORIGIN;
  if (o) c.skip.push("^" + o.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "(/|$)");
  process.stdout.write(JSON.stringify(c));' >"$config"
if pnpm exec linkinator "$dir" --config "$config"; then
  echo "linkinator: 0 broken links"
else
  echo "linkinator: broken links found" >&2
  status=1
fi
exit "$status"
