#!/usr/bin/env bash
# The whole test suite, as CI runs it: lint + format, typecheck, build, Node tests (with a real keychain), then
# the renderer end to end in real Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/check-system.mjs
echo '== lint and format (biome)'
npx biome ci --error-on-warnings .
echo '== typecheck (tsc)'
npx tsc -p tsconfig.json
echo '== build'
npm run build --silent
reports=.test-reports  # not test-results/: Playwright empties its output folder when it starts
mkdir -p "$reports"
rm -f "$reports"/*.json  # a report left from an earlier run must not stand in for one this run did not write
# Both runners run even when the first fails, so one CI log holds every failure; the summary repeats the first
# ones' errors at the end, where a truncated log is still read.
status=0
echo '== unit and integration tests (vitest, real HTTP servers, real Secret Service)'
scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" ||
  status=1
echo '== end-to-end tests (playwright, Debian chromium)'
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" scripts/with-keyring.sh npx playwright test --reporter=list,json ||
  status=1
echo '== summary'
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit "$status"
