#!/usr/bin/env bash
# The checks `npm test` runs before the suites, side by side: the UI build the browser suites load, the type-check and
# the lint each keep about one core busy, so on a two-core machine together they take about half as long as one after
# the other. Each one's output is kept apart and printed when it fails; any failure fails the whole.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

npm run build -w frontend >"$logs/build" 2>&1 &
build=$!
npm run typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npm run lint >"$logs/lint" 2>&1 &
lint=$!

status=0
for step in build typecheck lint; do
  if wait "${!step}"; then
    echo "ok: $step"
  else
    status=1
    echo "FAILED: $step"
    cat "$logs/$step"
  fi
done
exit $status
