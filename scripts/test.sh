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
echo '== unit and integration tests (vitest, real HTTP servers, real Secret Service)'
scripts/with-keyring.sh npx vitest run
echo '== end-to-end tests (playwright, Debian chromium)'
scripts/with-keyring.sh npx playwright test
