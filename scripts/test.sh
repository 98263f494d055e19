#!/usr/bin/env bash
# Installs what the tests need (npm packages, Debian's Chromium, the embedded
# database) and runs every test: typecheck, lint, Vitest (with the fuzz and
# access suites), the page-weight check on the build, Playwright with JavaScript
# disabled and enabled, then the database-kill test and the load test.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  if [ "$(id -u)" -eq 0 ]; then sudo_cmd=""; else sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-liberation >/dev/null
fi

npm install --no-audit --no-fund
node -e 'import("./scripts/embedded-db.mjs").then((db) => db.ensureLauncherBuilt())'

npx tsc
npx eslint . --max-warnings 0
npx vitest run
npx remix build
# No page may load more than 120 KB of gzipped JavaScript on a first visit (its sizes: npm run bench:weight).
npx tsx bench/page-weight.ts --check
CI="${CI:-true}" npx playwright test
# 50 users at once on a fresh database, served by two app processes: fails on any error answer or lost write (timings go to docs/benchmarks.md with npm run bench:load).
npx tsx bench/load.ts --seconds 15 --processes 2
