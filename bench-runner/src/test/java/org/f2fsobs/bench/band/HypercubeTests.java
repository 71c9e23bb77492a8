package org.f2fsobs.bench.band;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class HypercubeTests {
    static final Map<String, long[]> RANGES = Map.of("a", new long[] {0, 3200}, "b", new long[] {100, 200}, "device.max_sectors_kb", new long[] {256, 1024});

    @Test
    void shouldPutOnePointInEveryStratumOfEveryConstant() {
        int n = 32;
        List<BandPoint> pts = Hypercube.points(List.of("a", "b", "device.max_sectors_kb"), RANGES::get, n, 7);
        assertThat(pts).hasSize(n);
        for (String k : RANGES.keySet()) {
            long[] r = RANGES.get(k);
            TreeSet<Integer> strata = new TreeSet<>();
            for (BandPoint p : pts) {
                long v = p.overrides().get(k);
                assertThat(v).isBetween(r[0], r[1]);
                strata.add((int) Math.min(n - 1, (v - r[0]) * n / (r[1] - r[0] + 1)));
                if (k.equals("device.max_sectors_kb")) assertThat(v % 4).isZero();
            }
            // "a" keeps every stratum; b's 101 values round onto stratum edges, max_sectors_kb snaps by up to 2 KiB
            if (k.equals("a")) assertThat(strata).as(k).hasSize(n);
            else assertThat(strata.size()).as(k).isGreaterThanOrEqualTo(n - 4);
        }
    }

    @Test
    void shouldBeTheSameForTheSameSeedAndDifferForAnother() {
        List<String> keys = List.of("a", "b");
        assertThat(Hypercube.points(keys, RANGES::get, 32, 1)).isEqualTo(Hypercube.points(keys, RANGES::get, 32, 1));
        assertThat(Hypercube.points(keys, RANGES::get, 32, 1)).isNotEqualTo(Hypercube.points(keys, RANGES::get, 32, 2));
    }
}
