#!/usr/bin/env bash
# The tests that run on the suite's clock (the API and offline suites: config.now and lagosDay() in
# tests/api/helpers.ts), once for each day of one week, each at another hour, so a test that only
# passes on some days or hours fails here rather than on the day it meets one. Arguments, if any,
# replace the list of files (e.g. one test file).
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
# Files whose outcome cannot change with the suite's clock gain nothing from seven runs: those that start a
# server process on the machine's own clock, test pure code, or test something timeless (image decoding,
# CSRF tokens, the catalogue cache's invalidation, migrations of old rows). npm test and test:postgres
# still run them.
timeless=(
  tests/api/graceful-stop.test.ts
  tests/api/idempotency-kill.test.ts
  tests/api/keep-alive.test.ts
  tests/api/multi-instance.test.ts
  tests/api/schema.test.ts
  tests/api/config.test.ts
  tests/api/images.test.ts
  tests/api/csrf.test.ts
  tests/api/catalogue-cache.test.ts
  tests/api/message-queue-migration.test.ts
  tests/api/profile-address-migration.test.ts
  tests/offline/is-retryable.test.ts
  tests/offline/first-visit.test.ts
)
for file in "${timeless[@]}"; do
  [[ -f $file ]] || { echo "test-week.sh: $file is gone; update the timeless list" >&2; exit 1; }
done
# Vitest's --exclude does not reach into a project's own exclude list, so name the files that run.
mapfile -t files < <(find tests/api tests/offline -name '*.test.ts' -o -name '*.test.tsx' | sort | grep -vxF -f <(printf '%s\n' "${timeless[@]}"))
# --no-isolate for the API files: a worker's files share one module graph (npm test keeps them apart), a
# third of the time; each file still makes its own app and database, and what this run tests is the clock.
# Not for the offline files: they share the device's IndexedDB (fake-indexeddb) and Dexie's open database
# through those modules, and one file's queued entries then show up in the next file's outbox.
api_files=() offline_files=()
for file in "${@:-${files[@]}}"; do
  if [[ $file == tests/offline/* ]]; then offline_files+=("$file"); else api_files+=("$file"); fi
done
failed=()
for now in "${days[@]}"; do
  printf '\n=== TEST_NOW=%s ===\n' "$now"
  ok=true
  if ((${#api_files[@]})); then
    TEST_NOW="$now" npx vitest run --project app --no-isolate "${api_files[@]}" || ok=false
  fi
  if ((${#offline_files[@]})); then
    TEST_NOW="$now" npx vitest run --project app "${offline_files[@]}" || ok=false
  fi
  $ok || failed+=("$now")
done
if ((${#failed[@]})); then
  printf '\nFailed with the clock at: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nPassed on every day of the week.\n'
