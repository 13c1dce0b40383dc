#!/usr/bin/env bash
# Runs every suite: typecheck, unit and API tests (vitest, real libSQL files, then the API suites again on a
# throwaway libSQL server), browser journeys
# (Playwright on Debian's Chromium against the production server), and the built-site audits
# (vnu HTML validation, linkinator). Ends with one line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/bootstrap.sh || { echo "0 passed, 1 failed"; exit 1; }
set +e

# System packages the browser tests and the HTML validator need (Debian's; CI runs as root). Debian installs nginx
# in /usr/sbin, which a non-login PATH may lack.
export PATH="$PATH:/usr/sbin:/sbin"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
command -v nginx >/dev/null 2>&1 || missing+=(nginx-light) # the load balancer of the load-balanced journeys
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> Installing ${missing[*]} from Debian's packages"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

mkdir -p test-results
rm -f test-results/*.json
passed=0
failed=0
failures=() # the name of every failed test or step, listed again just above the summary line
check() { # name, command…: a whole step counted as one test
  local name="$1"; shift
  echo "==> $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); echo "FAILED: $name"; fi
}
failed_names() { # pass label, report file, kind (vitest|playwright): one line per failed test
  node -e '
    const [file, label, kind] = process.argv.slice(1);
    let r; try { r = JSON.parse(require("fs").readFileSync(file, "utf8")); } catch { console.log(`${label}: no report (${file})`); process.exit(); }
    if (kind === "vitest") {
      for (const f of r.testResults ?? []) {
        const failedTests = (f.assertionResults ?? []).filter((a) => a.status === "failed");
        for (const a of failedTests) console.log(`${label}: ${f.name.replace(process.cwd() + "/", "")} > ${a.fullName}`);
        if (f.status === "failed" && failedTests.length === 0) console.log(`${label}: ${f.name.replace(process.cwd() + "/", "")}: ${(f.message ?? "").split("\n")[0]}`);
      }
    } else {
      const walk = (s) => { for (const spec of s.specs ?? []) for (const t of spec.tests) if (t.status !== "expected" && t.status !== "flaky") console.log(`${label}: ${spec.file}:${spec.line} > ${spec.title} (${t.status})`); (s.suites ?? []).forEach(walk); };
      (r.suites ?? []).forEach(walk);
      for (const e of r.errors ?? []) console.log(`${label}: ${(e.message ?? "").split("\n")[0]}`);
    }' "$2" "$1" "$3" 2>/dev/null
}
note_failures() { # pass label, report file, kind
  local line
  while IFS= read -r line; do [ -n "$line" ] && failures+=("$line"); done < <(failed_names "$@")
}
count_json() { # file, node expression over `r` printing "passed failed"
  node -e "const r=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')); $2" "$1" 2>/dev/null || echo "0 1"
}

if [ -f eslint.config.js ]; then check "lint" pnpm -s lint; fi
check "no import cycles" node scripts/import-cycles.ts
check "wire shapes declared only in content-schema" node scripts/wire-types.ts

# The compiled site (server bundle + assets) that the renderer tests and the browser journeys load.
check "site compile" pnpm -s build:site --silent

echo "==> unit and API tests (vitest)"
# Every API answer the tests receive is checked against content-schema/api-contract; the routes checked are noted
# here, and a route no test exercised fails the check after the run.
contract_checked="$(mktemp)"
CONTRACT_CHECKED_FILE="$contract_checked" pnpm exec vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json
note_failures "vitest (file)" test-results/vitest.json vitest
read -r p f < <(count_json test-results/vitest.json 'console.log(r.numPassedTests, r.numFailedTests + (r.numTotalTestSuites && r.success === false && r.numFailedTests === 0 ? 1 : 0))')
passed=$((passed + p)); failed=$((failed + f))
check "every API route's answer checked against the contract" node scripts/contract-coverage.ts "$contract_checked"

# The same API suites on a real libSQL server: each test database is a throwaway sqld (api/src/db/sqld.ts), and
# the two-instance test runs its server processes on one sqld.
echo "==> API tests on a libSQL server (sqld)"
# The write-bounds property test (about 1,200 generated requests, each followed by a dump of every table) checks
# validation, which does not depend on the database, and is the longest file by far on a server: it runs on the file
# pass only.
TEST_DATABASE=sqld pnpm exec vitest run api/src --exclude api/src/routes/write-bounds.test.ts --reporter=default --reporter=json --outputFile=test-results/vitest-sqld.json
note_failures "vitest (sqld)" test-results/vitest-sqld.json vitest
read -r p f < <(count_json test-results/vitest-sqld.json 'console.log(r.numPassedTests, r.numFailedTests + (r.numTotalTestSuites && r.success === false && r.numFailedTests === 0 ? 1 : 0))')
passed=$((passed + p)); failed=$((failed + f))

# Instances reading from embedded replicas of the sqld primary (DATABASE_REPLICA_PATH): the two-instance test and
# the suites where reading one's own writes matters most (every route, scheduling, the build queue, the change feed).
echo "==> API tests on embedded replicas of a libSQL server"
TEST_DATABASE=replica pnpm exec vitest run api/src/services/instances.test.ts api/src/routes api/src/services/scheduler.test.ts \
  api/src/services/builder.test.ts api/src/services/changes.test.ts \
  --exclude api/src/routes/write-bounds.test.ts --exclude api/src/routes/automation.test.ts --reporter=default --reporter=json --outputFile=test-results/vitest-replica.json
note_failures "vitest (replica)" test-results/vitest-replica.json vitest
read -r p f < <(count_json test-results/vitest-replica.json 'console.log(r.numPassedTests, r.numFailedTests + (r.numTotalTestSuites && r.success === false && r.numFailedTests === 0 ? 1 : 0))')
passed=$((passed + p)); failed=$((failed + f))

check "admin build" pnpm --filter admin build --logLevel warn

echo "==> browser journeys (Playwright, Debian Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json pnpm exec playwright test --reporter=list,json
note_failures "journeys" test-results/e2e.json playwright
read -r p f < <(count_json test-results/e2e.json '
  // A skipped test is a failure here: no test is skipped on purpose, so a skip means a project did not run.
  let p = 0, f = 0;
  const walk = (s) => { for (const spec of s.specs ?? []) for (const t of spec.tests) { const last = t.results.at(-1); (t.status === "expected" || t.status === "flaky" ? p++ : f++); } (s.suites ?? []).forEach(walk); };
  r.suites.forEach(walk); f += (r.errors ?? []).length; console.log(p, f);')
passed=$((passed + p)); failed=$((failed + f))

# The journeys of signing in, publishing and scheduling again, through nginx (round-robin) in front of two instances
# on one libSQL server, each reading from its own embedded replica (playwright.lb.config.ts, scripts/e2e-lb-server.ts).
echo "==> browser journeys through a load balancer (nginx, two instances, one sqld)"
if command -v nginx >/dev/null 2>&1; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e-lb.json pnpm exec playwright test -c playwright.lb.config.ts --reporter=list,json
  note_failures "load-balanced" test-results/e2e-lb.json playwright
  read -r p f < <(count_json test-results/e2e-lb.json '
    let p = 0, f = 0;
    const walk = (s) => { for (const spec of s.specs ?? []) for (const t of spec.tests) (t.status === "expected" || t.status === "flaky" ? p++ : f++); (s.suites ?? []).forEach(walk); };
    r.suites.forEach(walk); f += (r.errors ?? []).length; console.log(p, f);')
  passed=$((passed + p)); failed=$((failed + f))
else
  echo "FAILED: load-balanced journeys: nginx is not installed and could not be installed (apt-get install nginx-light)"
  failures+=("load-balanced journeys: nginx missing")
  failed=$((failed + 1))
fi

# After the browser tests: the site build they run generated Astro's content types (.astro/), which the
# site's TypeScript needs (`astro sync` would need the API running to fetch posts).
check "typecheck" pnpm -s typecheck

site_dir="$(ls -d data/e2e-*/site/current 2>/dev/null | head -1)"
if [ -x scripts/audit-site.sh ] && [ -n "$site_dir" ]; then
  check "built-site audits (vnu, linkinator)" scripts/audit-site.sh "$site_dir"
fi

echo ""
if [ ${#failures[@]} -gt 0 ]; then
  echo "Failed:"
  printf '  %s\n' "${failures[@]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
