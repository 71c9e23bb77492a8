#!/bin/sh
# Runs the seg_entry scan measurements reported in docs/profile-sources.md.
# Usage: ./run.sh [outdir]   (default: ./results-$(hostname)-$(date +%Y%m%d))
set -eu
cd "$(dirname "$0")"
out=${1:-results-$(hostname)-$(date +%Y%m%d)}
mkdir -p "$out"
make -s seg_entry_scan
cpu=$(( $(nproc) - 1 ))
{ uname -a; grep -m1 -E 'model name|CPU part' /proc/cpuinfo || true; lscpu 2>/dev/null || true; } > "$out/machine.txt"
# 1. sweep of section sizes, hot caches (back-to-back pages)
./seg_entry_scan -a "$cpu" -r 41 -p 20000 > "$out/sweep_hot.txt"
# 2. the same with the rest of the per-page pipeline approximated by copying
#    4, 8 and 32 KiB into fresh memory per page (evicts L1, overlaps the scan)
for c in 4096 8192 32768; do
	./seg_entry_scan -a "$cpu" -r 41 -p 20000 -s 1,128 -c $c > "$out/pollute_$c.txt"
done
# 3. S=1 and S=128 twenty times, 10 s apart (a VM's clock and throughput
#    drift with host load; the clock probe line is kept with each run)
for i in $(seq 1 20); do
	./seg_entry_scan -a "$cpu" -r 41 -p 20000 -s 1,128 | grep -v -E '^# (cpu|model|nr_segs|cache)' >> "$out/repeat_s128.txt"
	sleep 10
done
# 4. instruction counts (frequency independent)
if command -v valgrind >/dev/null; then
	for S in 1 128; do
		valgrind --tool=callgrind --toggle-collect=has_curseg_enough_space \
			--callgrind-out-file="$out/callgrind.out.S$S" \
			./seg_entry_scan -q -s $S > /dev/null 2> "$out/callgrind_S$S.txt"
	done
	# -q runs 2000 evaluations (1000 warm-up + 1000 measured pages)
	grep 'I   refs' "$out"/callgrind_S*.txt
fi
echo "results in $out"
