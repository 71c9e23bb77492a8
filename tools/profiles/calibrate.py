#!/usr/bin/env python3
"""Finds P1_RESIDUAL_SCALE (docs/profile-sources.md §0 R4): the one factor on nullblk-x86's hand split of the per-page
residuals that makes the engine's P1 `-s 1` row (a baseline row: the flag does not change it) give the mail's
2556 MiB/s. Bisection on the engine at full size, seed 1, through --profile-set; only the -s 1 row is run.

    python3 tools/profiles/calibrate.py [bench-runner/target/bench-runner.jar]

Prints the factor; put it in gen_profiles.py, regenerate, rebuild."""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_profiles as g

TARGET_MIB_S = 2556.0

def run(jar, k):
    sets = []
    for key, v in g.P1_RESIDUALS.items():
        sets += ["--profile-set", "cpu.costs_ps.%s=%d" % (key, g.half_up(v * k))]
    out = subprocess.run(["java", "-jar", jar, "run", "fio-large-section", "--set", "segs_per_sec=1", "--seed", "1",
                          "--format", "json"] + sets, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["headline"]["value"] / (1 << 20)

def main():
    jar = sys.argv[1] if len(sys.argv) > 1 else "bench-runner/target/bench-runner.jar"
    lo, hi = 0.8, 1.3
    f_lo, f_hi = run(jar, lo), run(jar, hi)
    assert f_lo > TARGET_MIB_S > f_hi, (f_lo, f_hi)
    while hi - lo > 0.0005:
        mid = (lo + hi) / 2
        f = run(jar, mid)
        print("k = %.4f: %.2f MiB/s" % (mid, f), file=sys.stderr)
        if f > TARGET_MIB_S:
            lo = mid
        else:
            hi = mid
    k = round((lo + hi) / 2, 3)
    print("P1_RESIDUAL_SCALE = %.3f (%.2f MiB/s)" % (k, run(jar, k)))

if __name__ == "__main__":
    main()
