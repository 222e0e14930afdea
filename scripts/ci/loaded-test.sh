#!/usr/bin/env bash
# Runs `npm test` several times in a row on a clean checkout of a commit while two busy loops keep
# both cores busy: what a shared CI machine looks like. Prints one line per run and stops at the
# first failure; each run's output is kept in $OUT/run-N.log.
#
#   scripts/ci/loaded-test.sh [commit (HEAD)] [runs (3)]
#
# Uses this checkout's node_modules and the first `node` on PATH (put Node 22 first, as CI does).
set -uo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
COMMIT=$(git -C "$REPO" rev-parse "${1:-HEAD}")
RUNS=${2:-3}
WORK=$(mktemp -d /tmp/appa-loaded.XXXXXX)
OUT=${OUT:-$WORK/logs}
mkdir -p "$OUT"

git clone -q "$REPO" "$WORK/repo" && git -C "$WORK/repo" checkout -q "$COMMIT"
ln -s "$REPO/node_modules" "$WORK/repo/node_modules"

node -e 'for (;;) {}' &
busy1=$!
node -e 'for (;;) {}' &
busy2=$!
trap 'kill $busy1 $busy2 2>/dev/null' EXIT

echo "commit $COMMIT on $(node --version), logs in $OUT"
for i in $(seq 1 "$RUNS"); do
  start=$(date +%s)
  (cd "$WORK/repo" && E2E_PORT=$((5300 + i)) npm test) >"$OUT/run-$i.log" 2>&1
  status=$?
  printf 'run %d: exit %d in %ds (load %s)\n' "$i" "$status" $(($(date +%s) - start)) \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
  grep -E 'Tests +[0-9]+ passed|[0-9]+ (passed|failed|flaky) \(' "$OUT/run-$i.log" | sed 's/^/  /'
  ((status == 0)) || exit "$status"
done
