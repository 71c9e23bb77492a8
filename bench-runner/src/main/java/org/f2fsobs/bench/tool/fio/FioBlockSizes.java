package org.f2fsobs.bench.tool.fio;

import java.util.List;
import org.f2fsobs.engine.sim.Prng;

/**
 * The block sizes of one data direction, as io_u.c get_next_buflen() picks them: one fixed {@code bs}, a
 * {@code bsrange} min-max (a random multiple of the minimum, {@code bs_unaligned=0}), or a {@code bssplit} list of
 * sizes with percentages (the remainder spread over the entries without one, options.c bssplit_ddir()).
 *
 * @param min   the smallest size (fio's min_bs)
 * @param max   the largest size (max_bs)
 * @param split bssplit entries {bs, percent}, or empty
 */
public record FioBlockSizes(long min, long max, List<long[]> split) {

    public FioBlockSizes {
        split = List.copyOf(split);
    }

    static FioBlockSizes fixed(long bs) {
        return new FioBlockSizes(bs, bs, List.of());
    }

    /** Every size this direction may use (for the 4 KiB check). */
    List<Long> sizes() {
        if (!split.isEmpty()) return split.stream().map(e -> e[0]).toList();
        return min == max ? List.of(min) : List.of(min, max);
    }

    public boolean isFixed() {
        return min == max;
    }

    /**
     * The next I/O's size: a bssplit draw (a percentage 1..100 against the running sum of the entries, as
     * get_next_buflen), else a uniform multiple of min in [min, max].
     */
    public long next(Prng r) {
        if (min == max) return min;
        if (!split.isEmpty()) {
            long perc = r.nextInt(100) + 1;
            long sum = 0;
            for (long[] e : split) {
                sum += e[1];
                if (perc <= sum) return e[0];
            }
            return split.get(split.size() - 1)[0];
        }
        long steps = (max - min) / min;
        return min + min * r.nextInt((int) Math.min(Integer.MAX_VALUE - 1L, steps + 1));
    }
}
