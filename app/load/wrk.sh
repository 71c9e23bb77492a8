#!/usr/bin/env bash
# Load benchmark (not a test): the two read paths the dashboards hit most, on a store of 1 000+ results.
#
#   ./mvnw -B -pl app -am package -DskipTests      # builds app/target/app-*.jar
#   app/load/wrk.sh                                # needs wrk (Debian: apt-get install wrk), curl, python3
#
# It starts the packaged app on a fresh H2 file (PORT, default 18090; DIR, default a temp folder), fills it through
# the API with real simulated runs — fio-large-section over 10 segs_per_sec values × 2 flags × 3 repetitions (60 cells)
# and dd-compressed-read over 4 codecs × 2 flags × 117 repetitions (936 cells), both at scale 0.01, plus 5 single
# runs: 1 001 results and 14 stored comparisons — warms the JIT for 10 s per URL, then runs
#   wrk -t2 -c16 -d30s --latency URL
# on /api/scenarios/fio-large-section/comparison and /api/runs?page=0 and prints p50, p99 and requests/s.
# wrk shares the machine with the app: on a 2-core box the figures are a floor, not a capacity.
set -euo pipefail
PORT=${PORT:-18090}
DIR=${DIR:-$(mktemp -d)}
HERE=$(cd "$(dirname "$0")" && pwd)
JAR=$(ls "$HERE"/../target/app-*.jar | grep -v original | head -1)
JAVA=${JAVA:-java}
BASE=http://localhost:$PORT
cd "$DIR"
"$JAVA" -jar "$JAR" --server.port="$PORT" --observatory.data-dir=./data \
  --logging.level.reactor.netty.http.server.AccessLog=WARN > app.log 2>&1 &
APP=$!
trap 'kill $APP 2>/dev/null || true' EXIT
until curl -sf "$BASE/actuator/health" > /dev/null; do sleep 1; done
post() { curl -sf -X POST "$BASE$1" -H 'Content-Type: application/json' -d "$2" > /dev/null; }
post /api/matrices '{"scenario": "fio-large-section", "params": {"segs_per_sec": [1, 2, 4, 8, 16, 32, 64, 128, 256, 512], "scale": [0.01]}, "repetitions": 3}'
post /api/matrices '{"scenario": "dd-compressed-read", "params": {"compression": ["none", "lz4", "lzo", "zstd"], "scale": [0.01]}, "repetitions": 117}'
post /api/runs '{"scenario": "fio-large-section", "params": {"scale": 0.01}}'
for i in 1 2 3 4; do post /api/runs '{"profile": "nullblk-x86", "command": "dd if=/dev/zero of=/mnt/f bs=1M count=1"}'; done
until [ "$(curl -sf "$BASE/api/matrices?status=DONE" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')" = 2 ]; do sleep 2; done
sleep 3
echo "results stored: $(curl -sf "$BASE/api/runs?page=0" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')"
for url in "$BASE/api/scenarios/fio-large-section/comparison" "$BASE/api/runs?page=0"; do
  wrk -t2 -c16 -d10s "$url" > /dev/null
  echo "== $url ($(curl -sf -o /dev/null -w '%{size_download}' "$url") bytes)"
  wrk -t2 -c16 -d30s --latency "$url" | grep -E '^\s+(50|99)%|Requests/sec|Non-2xx'
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
