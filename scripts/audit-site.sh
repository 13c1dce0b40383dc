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
# The admin SPA, the API and the media files are not part of the built folder (media are checked below); external
# links cannot be checked offline.
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

# Library images are served from the media store, not the site folder: with the folder store (DATA_DIR/media, beside
# DATA_DIR/site/current, a link to the live tree) every file a page names must be there.
case "${dir%/}" in
  */site/current) media="${dir%/}" && media="${media%/site/current}/media" ;;
  *) media="" ;;
esac
if [ -n "$media" ] && [ -d "$media" ]; then
  echo "== media files named by the pages of $dir"
  missing=0
  for file in $(grep -rhoE '/media/[0-9a-f]{32}\.(avif|webp|jpg|png)' "$dir" --include='*.html' | sort -u); do
    [ -f "$media/${file#/media/}" ] || { echo "missing media file: $file" >&2; missing=$((missing + 1)); }
  done
  if [ "$missing" -eq 0 ]; then echo "media: every file named is stored"; else status=1; fi
fi
exit "$status"
