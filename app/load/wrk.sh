#!/usr/bin/env bash
# Load benchmark (not a test): the pages and reads the dashboards hit most, on a store of 10 000 results.
#
#   ./mvnw -B -pl app -am package -DskipTests      # builds app/target/app-*.jar
#   app/load/wrk.sh                                # needs wrk (Debian: apt-get install wrk), curl, python3, unzip
#
# 1. Starts the packaged app on a fresh H2 file (PORT, default 18090; DIR, default a temp folder) and fills it through
#    the API with real simulated runs, each scenario at its smallest meaningful scale (docs/scale.md; the app refuses
#    less): fio-large-section (0.01) over 10 segs_per_sec values × 2 flags × 3 repetitions (60 cells),
#    dd-compressed-read (0.5) over 4 codecs × 2 × 1 (8 cells), iozone-compressed-sync (0.1) and
#    tiotest-multithread-read (0.25) × 2 × 1 (2 cells each), and 4 free-form dd runs.
# 2. Stops it and multiplies those matrices in SQL (seed.sql, through H2's own Shell from the app's jar) until the store
#    holds RUNS (default 10 000) results, as if they had been run again and again: every copy with its cells, results
#    and comparisons, the newest copy the one the latest-comparison queries pick.
# 3. Starts it again on that store, warms each URL for 10 s, then runs
#      wrk -t2 -c16 -d30s --latency URL
#    on /, /api/runs?page=0, /api/scenarios/fio-large-section/comparison, a run page and a scenario page, and prints
#    p50, p99, requests/s and the load average.
# wrk shares the machine with the app: on a 2-core box the figures are a floor, not a capacity.
set -euo pipefail
PORT=${PORT:-18090}
DIR=${DIR:-$(mktemp -d)}
RUNS=${RUNS:-10000}
HERE=$(cd "$(dirname "$0")" && pwd)
JAR=${JAR:-$(ls "$HERE"/../target/app-*.jar | grep -v original | head -1)}
JAVA=${JAVA:-java}
BASE=http://localhost:$PORT
cd "$DIR"
start() {
  "$JAVA" -jar "$JAR" --server.port="$PORT" --observatory.data-dir=./data \
    --logging.level.reactor.netty.http.server.AccessLog=WARN >> app.log 2>&1 &
  APP=$!
  until curl -sf "$BASE/actuator/health" > /dev/null; do sleep 1; done
}
stop() { kill "$APP"; wait "$APP" 2>/dev/null || true; }
trap 'kill $APP 2>/dev/null || true' EXIT
post() { curl -sf -X POST "$BASE$1" -H 'Content-Type: application/json' -d "$2" > /dev/null; }
total() { curl -sf "$BASE/api/runs?page=0&size=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }

if [ ! -f seeded ]; then       # DIR=... again: measure the same store (new migrations apply at the start)
start
post /api/matrices '{"scenario": "fio-large-section", "params": {"segs_per_sec": [1, 2, 4, 8, 16, 32, 64, 128, 256, 512], "scale": [0.01]}, "repetitions": 3}'
post /api/matrices '{"scenario": "dd-compressed-read", "params": {"compression": ["none", "lz4", "lzo", "zstd"], "scale": [0.5]}, "repetitions": 1}'
post /api/matrices '{"scenario": "iozone-compressed-sync", "params": {"scale": [0.1]}, "repetitions": 1}'
post /api/matrices '{"scenario": "tiotest-multithread-read", "params": {"scale": [0.25]}, "repetitions": 1}'
for i in 1 2 3 4; do post /api/runs '{"profile": "nullblk-x86", "command": "dd if=/dev/zero of=/mnt/f bs=1M count=1"}'; done
until [ "$(curl -sf "$BASE/api/matrices?status=DONE" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')" = 4 ]; do sleep 2; done
sleep 3
BASE_RUNS=$(total)
CELLS=$(curl -sf "$BASE/api/matrices?status=DONE" | python3 -c 'import json,sys; print(sum(m["cell_count"] for m in json.load(sys.stdin)["items"]))')
stop
COPIES=$(( (RUNS - BASE_RUNS + CELLS - 1) / CELLS ))
unzip -o -q -j "$JAR" 'BOOT-INF/lib/h2-*.jar' -d "$DIR"
H2=$(ls "$DIR"/h2-*.jar | head -1)
sed "s/\${COPIES}/$COPIES/g" "$HERE/seed.sql" > seed.sql
"$JAVA" -cp "$H2" org.h2.tools.RunScript -url "jdbc:h2:file:$DIR/data/observatory" -user sa -password "" -script seed.sql
echo "$BASE_RUNS run for real, $COPIES copies of $CELLS cells" > seeded
fi

start
RUN_ID=$(curl -sf "$BASE/api/runs?page=0&size=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
echo "results stored: $(total) ($(cat seeded))"
for url in "$BASE/" "$BASE/api/runs?page=0" "$BASE/api/scenarios/fio-large-section/comparison" "$BASE/runs/$RUN_ID" \
           "$BASE/scenarios/fio-large-section"; do
  wrk -t2 -c16 -d10s "$url" > /dev/null
  echo "== $url ($(curl -sf -o /dev/null -w '%{size_download}' "$url") bytes)"
  wrk -t2 -c16 -d30s --latency "$url" | grep -E '^\s+(50|99)%|Requests/sec|Non-2xx|Socket errors'
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
done
stop
