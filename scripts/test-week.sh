#!/usr/bin/env bash
# The tests that run on the suite's clock (the API and offline suites: config.now and lagosDay() in
# tests/api/helpers.ts), once for each day of one week, each at another hour, so a test that only
# passes on some days or hours fails here rather than on the day it meets one. Extra arguments go
# to vitest (e.g. a test file).
set -euo pipefail
cd "$(dirname "$0")/.."
export VITE_CONFIG_NATIVE_IGNORE_WARNING=true
days=(
  2026-11-23T06:05:00+01:00 # Monday, before opening
  2026-11-24T12:00:00+01:00 # Tuesday, midday
  2026-11-25T18:40:00+01:00 # Wednesday, near closing
  2026-11-26T23:50:00+01:00 # Thursday, ten minutes to midnight
  2026-11-27T09:00:00+01:00 # Friday, at opening
  2026-11-28T14:30:00+01:00 # Saturday
  2026-11-29T03:15:00+01:00 # Sunday night
)
failed=()
for now in "${days[@]}"; do
  printf '\n=== TEST_NOW=%s ===\n' "$now"
  if ! TEST_NOW="$now" npx vitest run --project app tests/api tests/offline "$@"; then
    failed+=("$now")
  fi
done
if ((${#failed[@]})); then
  printf '\nFailed with the clock at: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nPassed on every day of the week.\n'
